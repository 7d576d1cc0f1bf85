import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { ModerationNoticesDocument } from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';
import { RelativeTime } from '../../shared/components/relative-time';

/** At most this many dismissed ids are kept (the server lists the newest 50 notices). */
const KEEP_DISMISSED = 200;

export function dismissedNoticesKey(uid: string) {
  return `campus-clips:dismissed-notices:${uid}`;
}

function readDismissed(uid: string): string[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(dismissedNoticesKey(uid)) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function writeDismissed(uid: string, ids: string[]) {
  try {
    window.localStorage.setItem(dismissedNoticesKey(uid), JSON.stringify(ids.slice(-KEEP_DISMISSED)));
  } catch {
    // Private browsing or a full store: the notice is hidden for this visit only.
  }
}

/**
 * What the moderators told the viewer (a removed post, a warning, a suspension), on Home until
 * dismissed. Dismissed notices are remembered in this browser (localStorage), per account.
 */
export function ModerationNotices() {
  const { currentUser } = useAuth();
  const uid = currentUser?.uid;
  const { data } = useQuery(ModerationNoticesDocument, { skip: !uid, fetchPolicy: 'cache-and-network' });
  const [dismissed, setDismissed] = useState<{ uid: string | undefined; ids: string[] }>(() => ({
    uid,
    ids: uid ? readDismissed(uid) : [],
  }));
  // Another account signed in on this page: read its own list.
  const dismissedIds = dismissed.uid === uid ? dismissed.ids : uid ? readDismissed(uid) : [];

  const notices = (data?.moderationNotices ?? []).filter((notice) => !dismissedIds.includes(notice.id));
  if (!uid || notices.length === 0) return null;

  function dismiss(id: string) {
    if (!uid) return;
    const ids = [...dismissedIds.filter((other) => other !== id), id];
    writeDismissed(uid, ids);
    setDismissed({ uid, ids });
  }

  return (
    <div role="status" aria-label="Messages from the moderators" className="mb-6">
      <ul className="space-y-2">
        {notices.map((notice) => (
          <li
            key={notice.id}
            className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            <p className="min-w-0 flex-1">
              <span className="block break-words">{notice.message}</span>
              <RelativeTime dateTime={notice.createdAt} className="mt-1 block text-xs text-amber-800" />
            </p>
            <button
              type="button"
              onClick={() => dismiss(notice.id)}
              aria-label={`Dismiss: ${notice.message}`}
              className="shrink-0 rounded px-2 py-0.5 text-sm font-medium text-amber-900 hover:bg-amber-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-600"
            >
              Dismiss
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
