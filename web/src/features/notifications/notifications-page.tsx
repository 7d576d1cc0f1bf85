// /notifications (issue 15): what happened to the viewer's clips and account, newest first,
// with the next page loaded as the last row scrolls into view, and 'Mark all as read'.
import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { ApolloCache } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { MarkAllNotificationsReadDocument, NotificationsDocument } from '../../graphql/graphql';
import { ErrorBox } from '../../shared/components/error-box';
import { ErrorBanner } from '../../shared/components/form-controls';
import { RowListSkeleton } from '../../shared/components/skeleton';
import { Spinner } from '../../shared/components/spinner';
import { callErrorMessage, errorMessage } from '../../shared/lib/graphql-error';
import { useLoadMoreOnView } from '../../shared/lib/use-load-more-on-view';
import { useAuth } from '../../shared/session/auth-context';
import { NotificationRow } from './notification-row';
import { useUnreadNotificationCount, writeUnreadCount } from './use-unread-notification-count';

export const NOTIFICATIONS_PAGE_SIZE = 20;

function loadErrorMessage(error: unknown): string {
  return callErrorMessage(error, {
    unreachable: 'Connection failed',
    noMessage: 'Failed to load notifications',
    otherwise: 'Failed to load notifications',
  });
}

/** After 'Mark all as read': every loaded row reads as read and the badge says 0. */
function markEverythingRead(cache: ApolloCache) {
  writeUnreadCount(cache, 0);
  const list = cache.readQuery({ query: NotificationsDocument, variables: { first: NOTIFICATIONS_PAGE_SIZE } });
  for (const edge of list?.notifications.edges ?? []) {
    const id = cache.identify(edge.node);
    if (id) cache.modify({ id, fields: { read: () => true } });
  }
}

function TryAgainButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-ring"
    >
      Try again
    </button>
  );
}

export default function NotificationsPage() {
  const { currentUser } = useAuth();
  const unreadCount = useUnreadNotificationCount();
  const { data, error, fetchMore, refetch } = useQuery(NotificationsDocument, {
    variables: { first: NOTIFICATIONS_PAGE_SIZE },
    skip: !currentUser,
    fetchPolicy: 'cache-and-network',
  });
  const [markAllRead, { loading: marking }] = useMutation(MarkAllNotificationsReadDocument, {
    update: (cache, result) => {
      if (result.data?.markAllNotificationsRead) markEverythingRead(cache);
    },
  });
  const [markError, setMarkError] = useState<string | null>(null);
  const [retrying, setRetrying] = useState(false);

  const connection = data?.notifications;
  const hasNextPage = connection?.pageInfo.hasNextPage ?? false;
  const endCursor = connection?.pageInfo.endCursor ?? null;
  const [loadingMore, setLoadingMore] = useState(false);
  const [pageError, setPageError] = useState<unknown>(null);
  const inFlight = useRef(false);

  const loadMore = useCallback(() => {
    if (inFlight.current || !hasNextPage || !endCursor) return;
    inFlight.current = true;
    setLoadingMore(true);
    setPageError(null);
    fetchMore({ variables: { after: endCursor } })
      .catch((failure: unknown) => setPageError(failure))
      .finally(() => {
        inFlight.current = false;
        setLoadingMore(false);
      });
  }, [fetchMore, hasNextPage, endCursor]);
  const lastRowRef = useLoadMoreOnView(loadMore, hasNextPage && !pageError);

  async function retry() {
    setRetrying(true);
    try {
      await refetch();
    } catch {
      // The error box stays; the query's own error says why.
    } finally {
      setRetrying(false);
    }
  }

  async function handleMarkAllRead() {
    setMarkError(null);
    try {
      await markAllRead();
    } catch (failure) {
      console.error('Failed to mark notifications as read', failure);
      setMarkError(errorMessage(failure, 'Failed to mark notifications as read. Please try again.'));
    }
  }

  if (!currentUser) return <p className="text-slate-700">Please sign in to see your notifications.</p>;

  const notifications = connection?.edges.map((edge) => edge.node) ?? [];
  const anyUnread = unreadCount > 0 || notifications.some((notification) => !notification.read);

  let body: ReactNode;
  if (!connection) {
    if (error && !retrying) {
      body = (
        <div className="space-y-2">
          <ErrorBox message={loadErrorMessage(error)} />
          <TryAgainButton onClick={() => void retry()} />
        </div>
      );
    } else body = <RowListSkeleton label="Loading notifications" count={6} framed />;
  } else if (notifications.length === 0) {
    body = (
      <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
        <p className="font-medium text-slate-900">No notifications yet.</p>
        <p className="mt-1 text-sm text-slate-600">
          When someone likes, comments on or mentions your clips, or follows you, you will see it here.
        </p>
      </div>
    );
  } else {
    body = (
      <>
        <ul aria-label="Notifications" className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200">
          {notifications.map((notification, index) => (
            <li key={notification.id} ref={index === notifications.length - 1 ? lastRowRef : undefined}>
              <NotificationRow notification={notification} />
            </li>
          ))}
        </ul>
        {loadingMore && <Spinner label="Loading more notifications" />}
        {pageError ? (
          <div className="mt-4 space-y-2">
            <ErrorBox message={loadErrorMessage(pageError)} />
            <TryAgainButton onClick={loadMore} />
          </div>
        ) : (
          !hasNextPage && <p className="py-6 text-center text-sm text-slate-500">That's everything.</p>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-2xl">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Notifications</h1>
        {connection && anyUnread && (
          <button
            type="button"
            onClick={() => void handleMarkAllRead()}
            disabled={marking}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-wait disabled:opacity-60 focus-ring"
          >
            {marking ? 'Marking as read...' : 'Mark all as read'}
          </button>
        )}
      </div>
      <div className="mb-4 empty:hidden">
        <ErrorBanner message={markError} />
      </div>
      {body}
    </div>
  );
}
