import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { PostCardFieldsFragment } from '../../graphql/graphql';
import { Spinner } from '../../shared/components/spinner';
import { PostListSkeleton } from '../../shared/components/skeleton';
import { ErrorBox } from '../../shared/components/error-box';
import { callErrorMessage } from '../../shared/lib/graphql-error';
import { NowPlayingProvider, PostCard, useMyPostUpdates } from '../post';
import { useLoadMoreOnView } from '../../shared/lib/use-load-more-on-view';
import { ClipViewer, focusClipOpener, useClipViewer } from '../viewer';

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
  /** The feed's name, for the full-screen viewer's label (e.g. 'Your Feed'). */
  name?: string;
};

/** Space between two cards (px), as space-y-6 gave. */
const CARD_GAP = 24;

/**
 * A first guess at a card's height before it is measured, from its video's shape, so cards coming
 * into view rarely move the ones already on screen: header, the player (at most 70% of the
 * screen tall), the action row, the caption and tags.
 */
function estimateCardHeight(post: PostCardFieldsFragment, listWidth: number): number {
  const inner = Math.max(200, listWidth - 34);
  const videoHeight =
    post.status === 'READY' && post.width && post.height ? Math.min((inner * post.height) / post.width, window.innerHeight * 0.7) : 180;
  return 34 + 52 + videoHeight + 44 + (post.caption ? 32 : 0) + (post.tags.length ? 28 : 0);
}

/** A list of post cards with infinite scroll, a spinner, the red error box and the end marker. */
export function PostFeed({ connection, loading, error, fetchNextPage, empty, name = 'Posts' }: PostFeedProps) {
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

  const posts = connection?.edges.map((edge) => edge.node) ?? [];
  // Only the cards near the screen are mounted (issue 16): a long scroll keeps a handful of
  // <video> elements and a flat memory. The window scrolls; each card is measured once shown.
  const listRef = useRef<HTMLUListElement>(null);
  const [listTop, setListTop] = useState(0);
  const [listWidth, setListWidth] = useState(() => Math.min(window.innerWidth, 640));
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const top = list.getBoundingClientRect().top + window.scrollY;
    if (Math.abs(top - listTop) >= 1) setListTop(top);
    if (list.clientWidth && list.clientWidth !== listWidth) setListWidth(list.clientWidth);
  }, [listTop, listWidth, connection, loading]);
  const virtualizer = useWindowVirtualizer({
    count: posts.length,
    estimateSize: (index) => estimateCardHeight(posts[index]!, listWidth),
    getItemKey: (index) => posts[index]?.id ?? index,
    // One card each side of the screen: on a phone at most ~5 <video> elements are ever mounted.
    overscan: 1,
    gap: CARD_GAP,
    scrollMargin: listTop,
  });

  // The full-screen viewer over this feed (`?view=<postId>`); closing it brings back the card of
  // the last clip shown, with focus on it.
  const returnToCard = useCallback(
    (postId: string) => {
      const index = connection?.edges.findIndex((edge) => edge.node.id === postId) ?? -1;
      if (index >= 0) focusClipOpener(postId, () => virtualizer.scrollToIndex(index, { align: 'center' }));
    },
    [connection, virtualizer],
  );
  const viewer = useClipViewer(returnToCard);
  const lastCardMeasuredRef = useCallback(
    (element: HTMLLIElement | null) => {
      virtualizer.measureElement(element);
      lastCardRef(element);
    },
    [virtualizer, lastCardRef],
  );

  if (!connection) {
    if (error) return <ErrorBox message={feedErrorMessage(error)} />;
    if (loading) return <PostListSkeleton label="Loading posts" />;
    return null;
  }

  if (posts.length === 0) return <>{empty}</>;

  const items = virtualizer.getVirtualItems();
  return (
    <NowPlayingProvider paused={viewer.viewing !== null}>
      <ul ref={listRef} className="relative" style={{ height: virtualizer.getTotalSize() }} aria-label="Posts">
        {items.map((item) => {
          const post = posts[item.index]!;
          return (
            <li
              key={item.key}
              data-index={item.index}
              ref={item.index === posts.length - 1 ? lastCardMeasuredRef : virtualizer.measureElement}
              aria-setsize={hasNextPage ? -1 : posts.length}
              aria-posinset={item.index + 1}
              className="absolute left-0 top-0 w-full"
              style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            >
              <PostCard post={post} onOpen={() => viewer.open(post.id)} />
            </li>
          );
        })}
      </ul>
      {viewer.viewing && (
        <ClipViewer
          posts={posts}
          currentId={viewer.viewing}
          hasNextPage={hasNextPage && !pageError}
          loadMore={loadMore}
          onShow={viewer.show}
          onClose={viewer.close}
          listName={name}
        />
      )}
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
