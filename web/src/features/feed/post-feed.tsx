import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { PostCardFieldsFragment } from '../../graphql/graphql';
import { Spinner } from '../../shared/components/spinner';
import { ErrorBox } from '../../shared/components/error-box';
import { callErrorMessage } from '../../shared/lib/graphql-error';
import { NowPlayingProvider, PostCard, useMyPostUpdates } from '../post';
import { useLoadMoreOnView } from '../../shared/lib/use-load-more-on-view';

export const FEED_PAGE_SIZE = 10;

/** Spec §8 "Feeds" through the client wrapper: the message, 'Connection failed' offline, else the fallbacks. */
export function feedErrorMessage(error: unknown): string {
  return callErrorMessage(error, {
    unreachable: 'Connection failed',
    noMessage: 'Failed to fetch posts',
    otherwise: 'Failed to load posts',
  });
}

type FeedConnection = {
  edges: Array<{ node: PostCardFieldsFragment }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
};

type PostFeedProps = {
  connection: FeedConnection | undefined;
  loading: boolean;
  error: unknown;
  /** Fetches the page after `endCursor`; Apollo's relay-style field policy appends it. */
  fetchNextPage: (endCursor: string) => Promise<unknown>;
  empty: ReactNode;
};

/** A list of post cards with infinite scroll, a spinner, the red error box and the end marker. */
export function PostFeed({ connection, loading, error, fetchNextPage, empty }: PostFeedProps) {
  const [loadingMore, setLoadingMore] = useState(false);
  const [pageError, setPageError] = useState<unknown>(null);
  const inFlight = useRef(false);
  const hasNextPage = connection?.pageInfo.hasNextPage ?? false;
  const endCursor = connection?.pageInfo.endCursor ?? null;

  const loadMore = useCallback(() => {
    if (inFlight.current || !hasNextPage || !endCursor) return;
    inFlight.current = true;
    setLoadingMore(true);
    setPageError(null);
    fetchNextPage(endCursor)
      .catch((failure: unknown) => setPageError(failure))
      .finally(() => {
        inFlight.current = false;
        setLoadingMore(false);
      });
  }, [fetchNextPage, hasNextPage, endCursor]);

  const lastCardRef = useLoadMoreOnView(loadMore, hasNextPage && !pageError);
  // Only the viewer's own posts are ever shown processing: follow them live until they are ready.
  useMyPostUpdates(connection?.edges.filter((edge) => edge.node.status === 'PROCESSING').map((edge) => edge.node.id) ?? []);

  if (!connection) {
    if (error) return <ErrorBox message={feedErrorMessage(error)} />;
    if (loading) return <Spinner label="Loading posts" />;
    return null;
  }

  const posts = connection.edges.map((edge) => edge.node);
  if (posts.length === 0) return <>{empty}</>;

  return (
    <NowPlayingProvider>
      <ul className="space-y-6" aria-label="Posts">
        {posts.map((post, index) => (
          <li key={post.id} ref={index === posts.length - 1 ? lastCardRef : undefined}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>
      {loadingMore && <Spinner label="Loading more posts" />}
      {pageError ? (
        <div className="mt-4 space-y-2">
          <ErrorBox message={feedErrorMessage(pageError)} />
          <button
            type="button"
            onClick={loadMore}
            className="rounded-md border border-gray-300 px-3 py-1 text-sm hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            Try again
          </button>
        </div>
      ) : (
        !hasNextPage && <p className="py-6 text-center text-sm text-gray-500">You've reached the end!</p>
      )}
    </NowPlayingProvider>
  );
}

type EmptyStateProps = { title: string; hint: string };

export function FeedEmptyState({ title, hint }: EmptyStateProps) {
  return (
    <div className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center">
      <p className="font-medium text-gray-900">{title}</p>
      <p className="mt-1 text-sm text-gray-600">{hint}</p>
    </div>
  );
}
