import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { PostCardFieldsFragment } from '../../graphql/graphql';
import { Spinner } from '../../shared/components/spinner';
import { PostListSkeleton } from '../../shared/components/skeleton';
import { ErrorBox } from '../../shared/components/error-box';
import { callErrorMessage } from '../../shared/lib/graphql-error';
import { NowPlayingProvider, PostCard, useMyPostUpdates } from '../post';
import { useLoadMoreOnView } from '../../shared/lib/use-load-more-on-view';
import { ClipPlayer, focusClipOpener, useClipPlayer } from '../player';
import type { FeedConnection, FeedWindowStore } from './use-feed-query';
import { useFeedWindow } from './use-feed-window';
import { useNextPage } from '../../shared/hooks/use-next-page';

export const FEED_PAGE_SIZE = 10;
/** The variables of a feed's first page (one object, so the query's variables keep their identity). */
export const FIRST_PAGE = { first: FEED_PAGE_SIZE };

/** Spec §8 "Feeds" through the client wrapper: the message, 'Connection failed' offline, else the fallbacks. */
export function feedErrorMessage(error: unknown): string {
  return callErrorMessage(error, {
    unreachable: 'Connection failed',
    noMessage: 'Failed to fetch posts',
    otherwise: 'Failed to load posts',
  });
}

type PostFeedProps = {
  connection: FeedConnection | undefined;
  loading: boolean;
  error: unknown;
  /** Fetches the page after `endCursor`; Apollo's relay-style field policy appends it. */
  fetchNextPage: (endCursor: string) => Promise<unknown>;
  empty: ReactNode;
  /** The feed's name, for the full-screen player's label (e.g. 'Your Feed'). */
  name?: string;
  /** Lets a long scroll keep only the posts near the screen in the cache (use-feed-window.ts). */
  windowStore?: FeedWindowStore;
};

/** How many clips behind the current one the full-screen player keeps loaded. */
const VIEWER_LOOK_BEHIND = 5;

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
export function PostFeed({ connection, loading, error, fetchNextPage, empty, name = 'Posts', windowStore }: PostFeedProps) {
  const hasNextPage = connection?.pageInfo.hasNextPage ?? false;
  const endCursor = connection?.pageInfo.endCursor ?? null;
  const { loadMore, loadingMore, pageError } = useNextPage(fetchNextPage, hasNextPage, endCursor);

  const lastCardRef = useLoadMoreOnView(loadMore, hasNextPage && !pageError);
  // Posts far above the screen leave the cache; their places stay (`dropped`) until scrolled back to.
  const feedWindow = useFeedWindow(connection, windowStore);
  const dropped = feedWindow.droppedIds.length;
  // Only the viewer's own posts are ever shown processing: follow them live until they are ready.
  useMyPostUpdates(feedWindow.edges.filter((edge) => edge.node.status === 'PROCESSING').map((edge) => edge.node.id));

  const posts = useMemo(() => feedWindow.edges.map((edge) => edge.node), [feedWindow.edges]);
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
    count: dropped + posts.length,
    // A dropped post was measured when it was shown: its size is kept under its id.
    estimateSize: (index) => (index < dropped ? DROPPED_CARD_HEIGHT : estimateCardHeight(posts[index - dropped]!, listWidth)),
    getItemKey: (index) => (index < dropped ? feedWindow.droppedIds[index]! : (posts[index - dropped]?.id ?? index)),
    // One card each side of the screen: on a phone at most ~5 <video> elements are ever mounted.
    overscan: 1,
    gap: CARD_GAP,
    scrollMargin: listTop,
  });

  // The full-screen player over this feed (`?view=<postId>`); closing it brings back the card of
  // the last clip shown, with focus on it.
  const returnToCard = useCallback(
    (postId: string) => {
      const index = feedWindow.edges.findIndex((edge) => edge.node.id === postId);
      if (index >= 0) focusClipOpener(postId, () => virtualizer.scrollToIndex(dropped + index, { align: 'center' }));
    },
    [feedWindow.edges, dropped, virtualizer],
  );
  const player = useClipPlayer(returnToCard);
  // After each scroll, or each clip in the full-screen player: the window follows what is on screen.
  const viewing = player.viewing ? feedWindow.edges.findIndex((edge) => edge.node.id === player.viewing) : null;
  const [firstOnScreen, lastOnScreen] = rangeOnScreen(virtualizer.range, viewing, dropped);
  const { settle } = feedWindow;
  useEffect(() => {
    if (firstOnScreen >= 0) settle(firstOnScreen, lastOnScreen);
  }, [firstOnScreen, lastOnScreen, settle]);
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
    <NowPlayingProvider paused={player.viewing !== null}>
      <ul ref={listRef} className="relative" style={{ height: virtualizer.getTotalSize() }} aria-label="Posts">
        {items.map((item) => {
          const top = item.start - virtualizer.options.scrollMargin;
          if (item.index < dropped) return <DroppedPost key={item.key} top={top} height={item.size} />;
          const post = posts[item.index - dropped]!;
          return (
            <li
              key={item.key}
              data-index={item.index}
              ref={item.index === dropped + posts.length - 1 ? lastCardMeasuredRef : virtualizer.measureElement}
              aria-setsize={hasNextPage ? -1 : dropped + posts.length}
              aria-posinset={item.index + 1}
              className="absolute left-0 top-0 w-full"
              style={{ transform: `translateY(${top}px)` }}
            >
              <PostCard post={post} onOpen={() => player.open(post.id)} />
            </li>
          );
        })}
      </ul>
      {player.viewing && (
        <ClipPlayer
          posts={posts}
          before={dropped}
          currentId={player.viewing}
          hasNextPage={hasNextPage && !pageError}
          loadMore={loadMore}
          onShow={player.show}
          onClose={player.close}
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

/**
 * The posts on screen, counting the dropped ones (-1 when unknown): the feed's, or, while the
 * player shows the clip at window index `viewing`, that clip and a few behind it, so that going
 * back up, the page above arrives before it is reached.
 */
function rangeOnScreen(
  feedRange: { startIndex: number; endIndex: number } | null,
  viewing: number | null,
  dropped: number,
): [number, number] {
  if (viewing === null) return [feedRange?.startIndex ?? -1, feedRange?.endIndex ?? -1];
  if (viewing < 0) return [-1, -1];
  return [Math.max(0, dropped + viewing - VIEWER_LOOK_BEHIND), dropped + viewing + 1];
}

/** A first guess for a dropped post that was never measured (the player scrolled past it). */
const DROPPED_CARD_HEIGHT = 600;

/** The place of a post dropped from the cache while it is fetched again: its size, kept, so nothing moves. */
function DroppedPost({ top, height }: { top: number; height: number }) {
  return (
    <li aria-hidden="true" className="absolute left-0 top-0 w-full" style={{ transform: `translateY(${top}px)`, height }}>
      <div className="h-full animate-pulse rounded-lg bg-gray-100 motion-reduce:animate-none" />
    </li>
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
