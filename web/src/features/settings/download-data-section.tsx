// 'Download my data' (issue 29): everything Campus Clips keeps about the student, as a JSON file
// (GET /api/users/:uid/data-export, in the student's own name only).
import { useState } from 'react';
import { useAuth } from '../../shared/session/auth-context';
import { ErrorBanner } from '../../shared/components/form-controls';
import { SettingsSection } from './settings-section';

const FAILURE = 'Failed to export your data.';

/** The file's name as the api gives it (Content-Disposition), else a plain one. */
function fileNameOf(disposition: string | null): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'campus-clips-my-data.json';
}

export function DownloadDataSection() {
  const { currentUser, getIdToken } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
    if (!currentUser) return;
    setBusy(true);
    setError(null);
    try {
      const token = await getIdToken();
      const response = await fetch(`/api/users/${encodeURIComponent(currentUser.uid)}/data-export`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) {
        // The api's own message (a rate limit says how long to wait).
        const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
        setError(typeof body?.message === 'string' ? body.message : FAILURE);
        return;
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(response.headers.get('content-disposition'));
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
    } catch {
      setError(FAILURE);
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsSection id="download-data-heading" title="Your data">
      <p className="mb-3 text-slate-700">
        A file with your profile, posts, comments, likes, follows, calendar and settings: everything Campus Clips keeps about you.
      </p>
      {error && <ErrorBanner message={error} />}
      <button
        type="button"
        onClick={() => void download()}
        disabled={busy}
        className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60"
      >
        {busy ? 'Preparing…' : 'Download my data'}
      </button>
    </SettingsSection>
  );
}
