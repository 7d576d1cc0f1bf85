import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useQuery } from '@apollo/client/react';
import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { PlayerClipDocument } from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';
import { keepTabInside } from '../../shared/components/modal-dialog';
import { Toast, useToast } from '../../shared/components/toast';
import { ClipDetails } from './clip-details';
import { ClipSlide } from './clip-slide';
import { useToggleLike } from '../post';
import { useMuted } from './mute-preference';
import { mayPreloadVideo, preloadPoster } from './preload';
import { posterFor } from './clip-media';
import type { ClipPlayerProps, PlayerPost } from './player-types';

/** Two taps closer together than this are a double-tap. */
const DOUBLE_TAP_MS = 300;
/** How many clips before the end of what is loaded the next page is asked for. */
const LOAD_AHEAD = 3;
/** Longer than any smooth scroll between two neighbouring clips takes. */
const SMOOTH_SCROLL_LIMIT_MS = 800;

/** The indexes to mount, with `index` among them (when the list has it), in order. */
function withIndex(indexes: number[], index: number, count: number): number[] {
  if (index >= count || indexes.includes(index)) return indexes;
  return [...indexes, index].sort((a, b) => a - b);
}

export function authorNameOf(post: PlayerPost | undefined, fallback = 'Unknown User'): string {
  if (!post?.author) return fallback;
  return post.author.displayName || 'User';
}

/**
 * The full-screen vertical player (issue 16): one clip per screen with snap scrolling, only the
 * clips next to the current one mounted (virtualised), the current one playing (muted until the
 * student unmutes), the next one's poster and first seconds preloaded. A modal dialog: focus stays
 * inside, Escape closes, each clip is announced as 'Clip N of M by name'.
 */
export default function ClipPlayerDialog({
  posts,
  before = 0,
  currentId,
  hasNextPage,
  loadMore,
  onShow,
  onClose,
  listName,
}: ClipPlayerProps) {
  const [activeId, setActiveId] = useState(currentId);
  // A feed that refetches (after a follow, say) may drop the clip on screen: keep the list that has
  // it. Clips added or dropped above the current one (the feed's window) move it by `shift` places.
  const [{ list, shift }, setListState] = useState({ list: posts, shift: 0 });
  if (list !== posts && posts.some((post) => post.id === currentId)) {
    const from = list.findIndex((post) => post.id === activeId);
    const to = posts.findIndex((post) => post.id === activeId);
    setListState({ list: posts, shift: from >= 0 && to >= 0 ? to - from : 0 });
  }
  const foundIndex = list.findIndex((post) => post.id === activeId);
  const activeIndex = Math.max(0, foundIndex);
  const active = list[activeIndex];

  const dialogRef = useRef<HTMLDivElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const statusId = useId();
  const [slideHeight, setSlideHeight] = useState(() => window.innerHeight || 800);
  const [slideWidth, setSlideWidth] = useState(() => window.innerWidth || 400);
  const [paused, setPaused] = useState(false);
  const [muted, setMuted] = useMuted();
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [heartBurst, setHeartBurst] = useState(0);
  const toast = useToast();
  const [startIndex] = useState(activeIndex);
  const { currentUser } = useAuth();
  const toggleLike = useToggleLike(toast.showToast);

  // The current clip in full (a profile tile lacks the author and the like), with its author's
  // follow state; it lands in the same cache entry as the list's post, so likes stay in sync.
  const { data } = useQuery(PlayerClipDocument, { variables: { id: active?.id ?? '' }, skip: !active });
  const full = data?.post && data.post.id === active?.id ? data.post : null;
  const likeCount = full?.likeCount ?? active?.likeCount ?? 0;
  const viewerHasLiked = full?.viewerHasLiked ?? active?.viewerHasLiked;
  const like = useCallback(() => {
    if (!active || viewerHasLiked === undefined) return;
    void toggleLike({ id: active.id, likeCount, viewerHasLiked });
  }, [active, likeCount, viewerHasLiked, toggleLike]);

  // One tap pauses or plays; two quick taps like (never unlike) and show a heart.
  const lastTap = useRef(0);
  const singleTap = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(singleTap.current), []);
  const handleTap = useCallback(() => {
    const now = performance.now();
    if (now - lastTap.current < DOUBLE_TAP_MS) {
      window.clearTimeout(singleTap.current);
      lastTap.current = 0;
      if (!currentUser) return;
      setHeartBurst((count) => count + 1);
      if (viewerHasLiked === false) like();
      return;
    }
    lastTap.current = now;
    singleTap.current = window.setTimeout(() => setPaused((value) => !value), DOUBLE_TAP_MS);
  }, [currentUser, viewerHasLiked, like]);

  // The React Compiler leaves this component unmemoised: TanStack Virtual hands back fresh functions by design.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: list.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => slideHeight,
    // The clip on screen and one on each side: a handful of <video> elements however long the list.
    overscan: 1,
    initialOffset: startIndex * slideHeight,
    initialRect: { width: slideWidth, height: slideHeight },
    getItemKey: (index) => list[index]?.id ?? index,
    // The current clip stays mounted in every frame, even the one where the list moved under it.
    rangeExtractor: (range) => withIndex(defaultRangeExtractor(range), activeIndex, list.length),
  });

  // The slides are exactly one screen tall: follow the screen (rotation, browser bars).
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const update = () => {
      if (!scroller.clientHeight) return;
      setSlideHeight(scroller.clientHeight);
      setSlideWidth(scroller.clientWidth);
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, []);

  const indexRef = useRef(activeIndex);
  useEffect(() => {
    indexRef.current = activeIndex;
  }, [activeIndex]);
  useLayoutEffect(() => {
    virtualizer.measure();
    const scroller = scrollerRef.current;
    if (scroller) scroller.scrollTop = indexRef.current * slideHeight;
  }, [virtualizer, slideHeight]);

  // The clip most on screen is the current one, except while the player itself scrolls to a clip
  // (keys, buttons, finishing a swipe): the clips it passes on the way do not count.
  const scrollingTo = useRef<number | null>(null);
  const arrival = useRef<number | undefined>(undefined);
  const handleScroll = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller || !slideHeight) return;
    const index = Math.min(list.length - 1, Math.max(0, Math.round(scroller.scrollTop / slideHeight)));
    if (scrollingTo.current !== null) {
      if (index === scrollingTo.current && Math.abs(scroller.scrollTop - index * slideHeight) < 2) scrollingTo.current = null;
      return;
    }
    const post = list[index];
    if (post && post.id !== activeId) setActiveId(post.id);
  }, [list, slideHeight, activeId]);

  // The list moved under the current clip: the scroll moves with it, so the same clip stays on screen.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || shift === 0) return;
    scroller.scrollTop += shift * slideHeight;
    if (scrollingTo.current !== null) scrollingTo.current += shift;
    // slideHeight is read, not followed: a new height repositions the scroll by itself (above).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list, shift]);

  const scrollToClip = useCallback(
    (index: number, behavior: ScrollBehavior) => {
      const scroller = scrollerRef.current;
      if (!scroller) return;
      const top = index * slideHeight;
      if (Math.abs(scroller.scrollTop - top) < 2) return;
      scrollingTo.current = index;
      scroller.scrollTo?.({ top, behavior });
      // A smooth scroll cut short before it moves (a page of clips landing under it) ends without
      // a scrollend: the clip would be current but off screen. Finish it if nothing took over.
      window.clearTimeout(arrival.current);
      arrival.current = window.setTimeout(() => {
        // Still on its way (the target may have moved with the list): go there.
        const target = scrollingTo.current;
        if (target !== null && Math.abs(scroller.scrollTop - target * slideHeight) >= 2) {
          scroller.scrollTo?.({ top: target * slideHeight, behavior: 'auto' });
        }
      }, SMOOTH_SCROLL_LIMIT_MS);
    },
    [slideHeight],
  );
  useEffect(() => () => window.clearTimeout(arrival.current), []);

  // A finger or wheel takes over from a scroll the player started.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const takeOver = () => {
      scrollingTo.current = null;
    };
    const events = ['touchstart', 'wheel', 'pointerdown'] as const;
    events.forEach((name) => scroller.addEventListener(name, takeOver, { passive: true }));
    return () => events.forEach((name) => scroller.removeEventListener(name, takeOver));
  }, []);

  // Where a browser leaves a swipe between two clips (no snapping after a synthetic touch, an
  // interrupted fling), finish it onto the nearer clip once the scroll has ended.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || !slideHeight) return;
    let idle: number | undefined;
    const settle = () => {
      const target = scrollingTo.current ?? Math.round(scroller.scrollTop / slideHeight);
      scrollingTo.current = null;
      scrollToClip(Math.min(list.length - 1, Math.max(0, target)), 'smooth');
    };
    const supportsScrollEnd = 'onscrollend' in window;
    const onScroll = () => {
      window.clearTimeout(idle);
      idle = window.setTimeout(settle, 250);
    };
    scroller.addEventListener(supportsScrollEnd ? 'scrollend' : 'scroll', supportsScrollEnd ? settle : onScroll);
    return () => {
      window.clearTimeout(idle);
      scroller.removeEventListener(supportsScrollEnd ? 'scrollend' : 'scroll', supportsScrollEnd ? settle : onScroll);
    };
  }, [slideHeight, list.length, scrollToClip]);

  // A new current clip: it plays (unless paused by the student), the URL follows, the sheet closes.
  const activePostId = active?.id;
  useEffect(() => {
    setPaused(false);
    setCommentsOpen(false);
  }, [activePostId]);
  useEffect(() => {
    if (activePostId) onShow(activePostId);
  }, [activePostId, onShow]);

  // A control that is not there for this clip (Follow on one's own clip) may have had focus: keep it in the dialog.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.contains(document.activeElement)) dialog.focus({ preventScroll: true });
  }, [activeIndex]);

  // Near the end of what is loaded, ask for the feed's next page (the feed's own fetchMore).
  useEffect(() => {
    if (hasNextPage && activeIndex >= list.length - 1 - LOAD_AHEAD) loadMore();
  }, [activeIndex, list.length, hasNextPage, loadMore]);

  // Preload: the next clip's poster (and, through its slide, its first seconds) and the previous poster.
  const allowVideoPreload = mayPreloadVideo();
  useEffect(() => {
    const screen = { width: slideWidth, height: slideHeight };
    preloadPoster(posterFor(list[activeIndex + 1], screen));
    preloadPoster(posterFor(list[activeIndex - 1], screen));
  }, [list, activeIndex, slideWidth, slideHeight]);

  // Opening: whatever played on the page underneath stops, and focus moves into the dialog.
  useEffect(() => {
    const dialog = dialogRef.current;
    document.querySelectorAll('video').forEach((video) => {
      if (!dialog?.contains(video)) video.pause();
    });
    dialog?.focus();
  }, []);

  const reducedMotion = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const goTo = useCallback(
    (index: number) => {
      if (index < 0 || index >= list.length) return;
      scrollToClip(index, reducedMotion ? 'auto' : 'smooth');
      // Keyboard and buttons make the clip current at once; the scroll catches up.
      setActiveId(list[index]!.id);
    },
    [list, scrollToClip, reducedMotion],
  );

  const closeComments = useCallback(() => {
    setCommentsOpen(false);
    dialogRef.current?.querySelector<HTMLElement>('[data-viewer-comments-button]')?.focus();
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>, target = event.target as HTMLElement) {
    // Keys from a dialog opened on top (a report, a delete question) are that dialog's own.
    if (!dialogRef.current?.contains(target)) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (commentsOpen) closeComments();
      else onClose();
      return;
    }
    if (event.key === 'Tab') {
      keepTabInside(event, dialogRef.current);
      return;
    }
    // Typing a comment, or moving inside the comments sheet, is not paging through clips.
    if (target.closest('input, textarea, select, [contenteditable="true"], [data-viewer-sheet]')) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const onControl = target.closest('button, a') !== null;
    switch (event.key) {
      case 'ArrowDown':
      case 'PageDown':
      case 'j':
        goTo(activeIndex + 1);
        break;
      case 'ArrowUp':
      case 'PageUp':
      case 'k':
        goTo(activeIndex - 1);
        break;
      case 'm':
        setMuted(!muted);
        break;
      case ' ':
        if (onControl) return; // Space presses the focused button
        setPaused((value) => !value);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  // A control that goes away while focused (the comment field is disabled while it sends) leaves
  // focus on the page's body: the dialog takes it back, and the key pressed with it.
  const keyHandler = useRef(handleKeyDown);
  useEffect(() => {
    keyHandler.current = handleKeyDown;
  });
  useEffect(() => {
    const onDocumentKey = (event: globalThis.KeyboardEvent) => {
      const dialog = dialogRef.current;
      if (!dialog || (document.activeElement && document.activeElement !== document.body)) return;
      dialog.focus({ preventScroll: true });
      keyHandler.current(event as unknown as KeyboardEvent<HTMLDivElement>, dialog);
    };
    document.addEventListener('keydown', onDocumentKey);
    return () => document.removeEventListener('keydown', onDocumentKey);
  }, []);

  const total = list.length;
  // Counted in the whole list: clips the feed let go of above this one still count.
  const label = (index: number) => `Clip ${before + index + 1} of ${before + total} by ${authorNameOf(list[index])}`;
  const items = virtualizer.getVirtualItems();

  return createPortal(
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={statusId}
      tabIndex={-1}
      onKeyDown={handleKeyDown}
      className="fixed inset-0 z-50 overflow-hidden bg-black text-white focus:outline-none"
      data-testid="clip-viewer"
    >
      <h2 id={titleId} className="sr-only">
        Clip viewer: {listName}
      </h2>
      <p id={statusId} aria-live="polite" aria-atomic="true" className="sr-only">
        {active ? label(activeIndex) : ''}
      </p>

      <div
        ref={scrollerRef}
        onScroll={handleScroll}
        // Focusable, as a scrolling region must be for keyboard users (arrow keys page through clips).
        tabIndex={0}
        role="region"
        aria-label="Clips"
        className="h-full focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-white snap-y snap-mandatory overflow-y-auto overscroll-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const post = list[item.index]!;
            const isCurrent = item.index === activeIndex;
            const isNext = item.index === activeIndex + 1;
            return (
              <div
                key={item.key}
                data-index={item.index}
                data-clip-id={post.id}
                aria-hidden={isCurrent ? undefined : true}
                role="group"
                aria-roledescription="clip"
                aria-label={label(item.index)}
                className="absolute left-0 top-0 w-full snap-start snap-always"
                style={{ height: item.size, transform: `translateY(${item.start}px)` }}
              >
                <ClipSlide
                  post={post}
                  authorName={authorNameOf(post)}
                  isCurrent={isCurrent}
                  preload={isCurrent ? 'auto' : isNext ? (allowVideoPreload ? 'auto' : 'none') : 'metadata'}
                  playing={isCurrent && !paused}
                  muted={muted}
                  onMutedRefused={() => setMuted(true)}
                  screen={{ width: slideWidth, height: slideHeight }}
                  heartBurst={isCurrent ? heartBurst : 0}
                  onTap={isCurrent ? handleTap : undefined}
                />
              </div>
            );
          })}
        </div>
      </div>

      {active && (
        <ClipDetails
          post={active}
          full={full}
          likeCount={likeCount}
          viewerHasLiked={viewerHasLiked}
          onToggleLike={like}
          paused={paused}
          onTogglePaused={() => setPaused((value) => !value)}
          muted={muted}
          onToggleMuted={() => setMuted(!muted)}
          commentsOpen={commentsOpen}
          onOpenComments={() => setCommentsOpen(true)}
          onCloseComments={closeComments}
          onClose={onClose}
          onPrevious={activeIndex > 0 ? () => goTo(activeIndex - 1) : undefined}
          onNext={activeIndex < total - 1 ? () => goTo(activeIndex + 1) : undefined}
          onError={toast.showToast}
        />
      )}
      <Toast message={toast.message} tone={toast.tone} onDismiss={toast.dismiss} />
    </div>,
    document.body,
  );
}
