import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { NotificationFieldsFragment, NotificationKind } from '../../graphql/graphql';
import { Avatar } from '../../shared/components/avatar';
import { RelativeTime } from '../../shared/components/relative-time';
import { clipIsGone, notificationExcerpt, notificationHref, notificationSentence } from './notification-text';

const ICON_PATHS: Record<NotificationKind, ReactNode> = {
  LIKE: <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" fill="currentColor" />,
  COMMENT: <path d="M4 5h16v11H9l-5 4z" fill="currentColor" />,
  MENTION: (
    <path
      d="M16 12a4 4 0 1 1-8 0 4 4 0 0 1 8 0zm0 0v1.5a2.5 2.5 0 0 0 5 0V12a9 9 0 1 0-3.5 7.1"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
    />
  ),
  FOLLOW: <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 8a8 8 0 0 1 16 0z" fill="currentColor" />,
  MODERATION: <path d="M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5z" fill="currentColor" />,
  // Issue 26: a group of people (a request to join), a tick or a cross (its outcome), a calendar (an event).
  JOIN_REQUEST: (
    <path
      d="M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zm7 0a3 3 0 1 0 0-6M2 20a7 7 0 0 1 14 0zm15.5 0H22a5 5 0 0 0-6-4.9"
      fill="currentColor"
    />
  ),
  JOIN_APPROVED: <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth={3} />,
  JOIN_DECLINED: <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth={3} />,
  ORGANIZATION_EVENT: <path d="M4 6h16v14H4zM4 10h16M8 3v5M16 3v5" fill="none" stroke="currentColor" strokeWidth={2.2} />,
};

const ICON_COLOURS: Record<NotificationKind, string> = {
  LIKE: 'bg-rose-500',
  COMMENT: 'bg-sky-500',
  MENTION: 'bg-violet-500',
  FOLLOW: 'bg-emerald-500',
  MODERATION: 'bg-amber-500',
  JOIN_REQUEST: 'bg-teal-600',
  JOIN_APPROVED: 'bg-emerald-600',
  JOIN_DECLINED: 'bg-slate-500',
  ORGANIZATION_EVENT: 'bg-indigo-500',
};

function KindIcon({ kind, size }: { kind: NotificationKind; size: number }) {
  return (
    <span
      className={`inline-flex items-center justify-center rounded-full text-white ring-2 ring-white ${ICON_COLOURS[kind] ?? 'bg-slate-500'}`}
      style={{ width: size, height: size }}
    >
      <svg viewBox="0 0 24 24" style={{ width: size * 0.6, height: size * 0.6 }}>
        {ICON_PATHS[kind]}
      </svg>
    </span>
  );
}

/** The newest actor's photo with the kind's icon on its corner; moderation has the icon alone. */
function RowPicture({ notification }: { notification: NotificationFieldsFragment }) {
  const actor = notification.actors[0];
  if (notification.kind === 'MODERATION' || !actor) return <KindIcon kind={notification.kind} size={40} />;
  return (
    <span className="relative inline-block">
      <Avatar photoURL={actor.photoURL} name={actor.displayName} size={40} />
      <span className="absolute -bottom-1 -right-1">
        <KindIcon kind={notification.kind} size={20} />
      </span>
    </span>
  );
}

/**
 * One notification: picture, sentence, when, and whether it is unread. The whole row links to
 * the post (or the follower's profile); a row whose clip is gone says so and links nowhere.
 */
export function NotificationRow({ notification }: { notification: NotificationFieldsFragment }) {
  const sentence = notificationSentence(notification);
  const excerpt = notificationExcerpt(notification);
  const href = notificationHref(notification);
  const gone = clipIsGone(notification);
  const unread = !notification.read;
  const poster = notification.post?.posterUrl;

  return (
    <div
      data-testid="notification"
      data-unread={unread || undefined}
      className={`relative flex items-start gap-3 px-4 py-3 ${unread ? 'bg-indigo-50' : 'bg-white'} ${href ? 'hover:bg-slate-50' : ''}`}
    >
      <span aria-hidden="true" className="shrink-0">
        <RowPicture notification={notification} />
      </span>
      <div className="min-w-0 flex-1">
        <p className={`break-words text-sm ${unread ? 'font-semibold text-slate-900' : 'text-slate-800'}`}>
          {unread && <span className="sr-only">Unread: </span>}
          {href ? (
            <Link to={href} className="rounded-sm focus-ring after:absolute after:inset-0 after:content-['']">
              {sentence}
            </Link>
          ) : (
            sentence
          )}
        </p>
        {excerpt && <p className="mt-0.5 line-clamp-2 break-words text-sm text-slate-600">{excerpt}</p>}
        {gone && <p className="mt-0.5 text-sm italic text-slate-600">This clip is no longer available.</p>}
        <RelativeTime dateTime={notification.createdAt} className="text-xs text-slate-600" />
      </div>
      {poster && <img src={poster} alt="" width={36} height={64} className="h-16 w-9 shrink-0 rounded object-cover" />}
      {unread && <span aria-hidden="true" className="mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full bg-indigo-600" />}
    </div>
  );
}
