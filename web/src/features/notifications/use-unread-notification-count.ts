import { useEffect } from 'react';
import type { ApolloCache } from '@apollo/client';
import { useQuery, useSubscription } from '@apollo/client/react';
import { NotificationCountChangedDocument, UnreadNotificationCountDocument } from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';

/** Puts the unread count where every badge reads it. */
export function writeUnreadCount(cache: ApolloCache, count: number): void {
  cache.writeQuery({ query: UnreadNotificationCountDocument, data: { unreadNotificationCount: count } });
}

/** The signed-in reader's unread count (0 while unknown or signed out). Reads the cache; see useLiveNotificationCount. */
export function useUnreadNotificationCount(): number {
  const { currentUser } = useAuth();
  const { data } = useQuery(UnreadNotificationCountDocument, { skip: !currentUser });
  return currentUser ? (data?.unreadNotificationCount ?? 0) : 0;
}

/**
 * Keeps the unread count live (issue 15): `notificationCountChanged` over graphql-ws writes each
 * new count into the cache, so every badge follows without a reload. Call it once, in the layout
 * (one subscription per tab). An update sent while the socket was down is not sent again, so the
 * count is asked for again whenever the tab becomes visible.
 */
export function useLiveNotificationCount(): void {
  const { currentUser } = useAuth();
  const signedIn = Boolean(currentUser);
  const { refetch } = useQuery(UnreadNotificationCountDocument, { skip: !signedIn });
  useSubscription(NotificationCountChangedDocument, {
    skip: !signedIn,
    onData: ({ client, data: event }) => {
      const count = event.data?.notificationCountChanged;
      if (typeof count === 'number') writeUnreadCount(client.cache, count);
    },
  });

  useEffect(() => {
    if (!signedIn) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refetch().catch(() => undefined);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [signedIn, refetch]);
}
