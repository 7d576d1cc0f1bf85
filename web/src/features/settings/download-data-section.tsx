// 'Download my data' (issue 29): everything Campus Clips keeps about the student. An archive (a ZIP
// of data.json and their own media) is prepared by a queued job (POST /api/users/:uid/data-export),
// its state polled (GET .../status) while it is prepared, then downloaded through the api with the
// student's token until it expires. The JSON alone is still one click (GET .../data-export).
import { useCallback, useEffect, useState } from 'react';
import { useAuth } from '../../shared/session/auth-context';
import { ErrorBanner } from '../../shared/components/form-controls';
import { SettingsSection } from './settings-section';

const FAILURE = 'Failed to export your data.';
/** How often the state of an archive being prepared is asked for, while the page is shown. */
export const ARCHIVE_POLL_MS = 3000;

interface Archive {
  id: string;
  status: 'pending' | 'ready' | 'failed';
  expiresAt: string;
  size: number | null;
  downloadUrl: string | null;
}

/** The file's name as the api gives it (Content-Disposition), else a plain one. */
function fileNameOf(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

function megabytes(size: number): string {
  return (size / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: size < 1_000_000 ? 1 : 0 });
}

export function DownloadDataSection() {
  const { currentUser, getIdToken } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [archive, setArchive] = useState<Archive | null>(null);
  const base = currentUser ? `/api/users/${encodeURIComponent(currentUser.uid)}/data-export` : null;

  /** The api's answer, or its own message as the error (a rate limit says how long to wait). */
  const call = useCallback(
    async (path: string, method: 'GET' | 'POST' = 'GET'): Promise<Response | null> => {
      const token = await getIdToken();
      const response = await fetch(path, { method, headers: token ? { authorization: `Bearer ${token}` } : {} });
      if (response.ok) return response;
      const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
      setError(typeof body?.message === 'string' ? body.message : FAILURE);
      return null;
    },
    [getIdToken],
  );

  /** The latest archive's state; undefined when it could not be read (the next poll tries again). */
  const readStatus = useCallback(async (): Promise<Archive | null | undefined> => {
    if (!base) return undefined;
    const token = await getIdToken();
    const response = await fetch(`${base}/status`, { headers: token ? { authorization: `Bearer ${token}` } : {} }).catch(() => null);
    return response?.ok ? ((await response.json()) as { archive: Archive | null }).archive : undefined;
  }, [base, getIdToken]);

  useEffect(() => {
    let live = true;
    const apply = (found: Archive | null | undefined) => {
      if (live && found !== undefined) setArchive(found);
    };
    void readStatus().then(apply);
    // While the archive is prepared: asked again every few seconds, while the page is shown.
    const timer =
      archive?.status === 'pending'
        ? setInterval(() => {
            if (document.visibilityState === 'visible') void readStatus().then(apply);
          }, ARCHIVE_POLL_MS)
        : null;
    return () => {
      live = false;
      if (timer) clearInterval(timer);
    };
  }, [archive?.status, readStatus]);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch {
      setError(FAILURE);
    } finally {
      setBusy(false);
    }
  }

  async function save(response: Response, fallback: string) {
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(response.headers.get('content-disposition'), fallback);
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  }

  const requestArchive = () =>
    run(async () => {
      const response = await call(base!, 'POST');
      if (response) setArchive(((await response.json()) as { archive: Archive }).archive);
    });
  const downloadArchive = (url: string) =>
    run(async () => {
      const response = await call(url);
      if (response) await save(response, 'campus-clips-my-data.zip');
    });
  const downloadJson = () =>
    run(async () => {
      const response = await call(base!);
      if (response) await save(response, 'campus-clips-my-data.json');
    });

  const buttonClass = 'rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60';
  return (
    <SettingsSection id="download-data-heading" title="Your data">
      <p className="mb-3 text-slate-700">
        An archive of your profile, posts with their videos, comments, likes, follows, calendar and settings: everything Campus Clips keeps
        about you. It is prepared in the background and can be downloaded for 7 days.
      </p>
      {error && <ErrorBanner message={error} />}
      {archive?.status === 'pending' && (
        <p role="status" className="mb-3 text-slate-700">
          Preparing your archive…
        </p>
      )}
      {archive?.status === 'failed' && <ErrorBanner message="Your archive could not be prepared. Please try again." />}
      {archive?.status === 'ready' && archive.downloadUrl && (
        <p className="mb-3 text-slate-700">
          <a
            href={archive.downloadUrl}
            onClick={(event) => {
              event.preventDefault();
              void downloadArchive(archive.downloadUrl!);
            }}
            className="font-medium text-indigo-700 underline"
          >
            Download archive (ZIP, {megabytes(archive.size ?? 0)} MB)
          </a>{' '}
          <span className="text-slate-600">
            Available until {new Date(archive.expiresAt).toLocaleDateString('en-US', { dateStyle: 'long' })}.
          </span>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {archive?.status !== 'pending' && (
          <button type="button" onClick={() => void requestArchive()} disabled={busy} className={buttonClass}>
            {archive?.status === 'ready' ? 'Prepare a new archive' : 'Download my data'}
          </button>
        )}
        <button type="button" onClick={() => void downloadJson()} disabled={busy} className={buttonClass}>
          Data only (JSON)
        </button>
      </div>
    </SettingsSection>
  );
}
