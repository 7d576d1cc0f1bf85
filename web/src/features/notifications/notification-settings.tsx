import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  NotificationSettingsDocument,
  UpdateNotificationSettingsDocument,
  type NotificationSettingsFieldsFragment,
} from '../../graphql/graphql';
import { ErrorBox } from '../../shared/components/error-box';
import { ErrorBanner, SuccessBanner } from '../../shared/components/form-controls';
import { Spinner } from '../../shared/components/spinner';
import { Switch } from '../../shared/components/switch';
import { errorMessage } from '../../shared/lib/graphql-error';

type Kind = keyof Omit<NotificationSettingsFieldsFragment, '__typename'>;

export const NOTIFICATION_KINDS: ReadonlyArray<{ key: Kind; label: string; hint: string }> = [
  { key: 'likes', label: 'Likes', hint: 'Someone likes your clip.' },
  { key: 'comments', label: 'Comments', hint: 'Someone comments on your clip.' },
  { key: 'mentions', label: 'Mentions', hint: 'Someone mentions you in a caption or a comment.' },
  { key: 'follows', label: 'New followers', hint: 'Someone starts following you.' },
  { key: 'moderation', label: 'Moderation', hint: 'A moderator acts on your clips, comments or account.' },
  { key: 'organizationEvents', label: 'Organization events', hint: 'An organization you belong to announces an event.' },
];

/**
 * Which kinds of notification the viewer gets (issue 15): one switch per kind, each saved as it
 * is flipped (shown at once, put back if the save fails), with a message saying which.
 */
export function NotificationSettings() {
  const { data, loading, error, refetch } = useQuery(NotificationSettingsDocument, { fetchPolicy: 'cache-and-network' });
  const [save] = useMutation(UpdateNotificationSettingsDocument, {
    update: (cache, result) => {
      const saved = result.data?.updateNotificationSettings;
      if (saved) cache.writeQuery({ query: NotificationSettingsDocument, data: { notificationSettings: saved } });
    },
  });
  const [saving, setSaving] = useState<Kind | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const settings = data?.notificationSettings;

  async function toggle(kind: (typeof NOTIFICATION_KINDS)[number]) {
    if (!settings || saving) return;
    const on = !settings[kind.key];
    setSaving(kind.key);
    setSaved(null);
    setFailed(null);
    try {
      await save({
        variables: { input: { [kind.key]: on } },
        optimisticResponse: { updateNotificationSettings: { ...settings, [kind.key]: on } },
      });
      setSaved(`Saved: ${kind.label.toLowerCase()} notifications are ${on ? 'on' : 'off'}.`);
    } catch (failure) {
      console.error('Failed to save notification settings', failure);
      setFailed(errorMessage(failure, `Failed to save your ${kind.label.toLowerCase()} setting. Please try again.`));
    } finally {
      setSaving(null);
    }
  }

  if (!settings) {
    if (loading) return <Spinner label="Loading notification settings" />;
    return (
      <div className="space-y-2">
        <ErrorBox message={errorMessage(error, 'Failed to load your notification settings')} />
        <button
          type="button"
          onClick={() => void refetch().catch(() => undefined)}
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-ring"
        >
          Try again
        </button>
      </div>
    );
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">Choose what you are notified about.</p>
      <div className="divide-y divide-slate-200">
        {NOTIFICATION_KINDS.map((kind) => (
          <Switch
            key={kind.key}
            label={kind.label}
            hint={kind.hint}
            checked={settings[kind.key]}
            disabled={saving !== null}
            onToggle={() => void toggle(kind)}
          />
        ))}
      </div>
      <ErrorBanner message={failed} />
      <SuccessBanner message={saved} />
    </div>
  );
}
