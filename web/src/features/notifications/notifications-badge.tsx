import { Link } from 'react-router-dom';
import { badgeText } from './notification-text';

/** What screen readers hear for the link: 'Notifications, 3 unread', or 'Notifications' at 0. */
export function notificationsLinkName(count: number): string {
  const text = badgeText(count);
  return text ? `Notifications, ${text} unread` : 'Notifications';
}

/** The red pill with the unread count: hidden at 0, '99+' above 99. Decoration: the link's name says the count. */
export function UnreadBadge({ count }: { count: number }) {
  const text = badgeText(count);
  if (!text) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="unread-badge"
      className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold leading-none text-white"
    >
      {text}
    </span>
  );
}

/**
 * The sidebar's (and phone menu's) 'Notifications' label with its badge. The name is one piece of
 * text for screen readers ('Notifications, 3 unread'), so no browser splits or joins it oddly.
 */
export function NotificationsNavLabel({ count }: { count: number }) {
  return (
    <span className="flex items-center justify-between gap-2">
      <span aria-hidden="true">Notifications</span>
      <UnreadBadge count={count} />
      <span className="sr-only">{notificationsLinkName(count)}</span>
    </span>
  );
}

/** The phone top bar's bell, so the count shows without opening the menu. */
export function NotificationsShortcut({ count, className = '' }: { count: number; className?: string }) {
  return (
    <Link
      to="/notifications"
      className={`relative inline-flex items-center gap-1 rounded-md border border-slate-300 px-2 py-1.5 text-slate-700 focus-ring ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={2}>
        <path
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M15 17h5l-1.4-1.4A2 2 0 0 1 18 14.2V11a6 6 0 1 0-12 0v3.2a2 2 0 0 1-.6 1.4L4 17h5m6 0a3 3 0 1 1-6 0m6 0H9"
        />
      </svg>
      <UnreadBadge count={count} />
      <span className="sr-only">{notificationsLinkName(count)}</span>
    </Link>
  );
}
