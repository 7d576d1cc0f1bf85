import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { PostCardFieldsFragment } from '../../graphql/graphql';
import { Spinner } from '../../components/spinner';
import { ErrorBox } from '../../components/error-box';
import { errorMessage } from '../../lib/graphql-error';
import { NowPlayingProvider } from '../post/now-playing';
import { PostCard } from '../post/post-card';
import { useLoadMoreOnView } from '../../lib/use-load-more-on-view';

export const FEED_PAGE_SIZE = 10;

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

  if (!connection) {
    if (error) return <ErrorBox message={errorMessage(error, 'Failed to load posts')} />;
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
          <ErrorBox message={errorMessage(pageError, 'Failed to load posts')} />
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
