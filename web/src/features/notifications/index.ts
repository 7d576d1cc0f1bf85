// The notifications feature's public API (issue 15): the unread count and its badge for the
// layout (the sidebar, the phone menu and top bar), keeping that count live, and the switches the
// Settings page shows. Its page is not listed here: app/router.tsx loads it lazily by its own path.
export { NotificationsNavLabel, NotificationsShortcut, UnreadBadge } from './notifications-badge';
export { useLiveNotificationCount, useUnreadNotificationCount } from './use-unread-notification-count';
export { NotificationSettings } from './notification-settings';
