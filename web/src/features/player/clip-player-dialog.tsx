import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { useAuth } from '../../shared/session/auth-context';
import { Toast, useToast } from '../../shared/components/toast';
import { ClipDetails } from './clip-details';
import { ClipSlide } from './clip-slide';
import { useMuted } from './mute-preference';
import { pickCaptionTrack, useAutoplay, useCaptionLanguage, useCaptionsOn } from '../../shared/hooks/playback-preferences';
import { mayPreloadVideo } from './preload';
import { useClipLike } from './use-clip-like';
import { useDialogFocus } from './use-dialog-focus';
import { useNeighbourPosters } from './use-neighbour-posters';
import { usePlayerKeys } from './use-player-keys';
import { useSlideSize } from './use-slide-size';
import { useSnapScroll } from './use-snap-scroll';
import { useTapGestures } from './use-tap-gestures';
import type { ClipPlayerProps, PlayerPost } from './player-types';

/** How many clips before the end of what is loaded the next page is asked for. */
const LOAD_AHEAD = 3;

/** The indexes to mount, with `index` among them (when the list has it), in order. */
function withIndex(indexes: number[], index: number, count: number): number[] {
  if (index >= count || indexes.includes(index)) return indexes;
  return [...indexes, index].sort((a, b) => a - b);
}

export function authorNameOf(post: PlayerPost | undefined, fallback = 'Unknown User'): string {
  if (!post?.author) return fallback;
  return post.author.displayName || 'User';
}

/** How long a new clip's name waits before it is said: after focus and scrolling settle, so it is heard once. */
const ANNOUNCE_AFTER_MS = 150;

/** `text` for a live region, set a moment after it changes (and only when it changes). */
function useAnnouncement(text: string): string {
  const [said, setSaid] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSaid(text), ANNOUNCE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  return said;
}

/**
 * The full-screen vertical player (issue 16): one clip per screen with snap scrolling, only the
 * clips next to the current one mounted (virtualised), the current one playing (muted until the
 * student unmutes), the next one's poster and first seconds preloaded. A modal dialog: focus stays
 * inside, Escape closes, each clip is announced as 'Clip N of M by name'. Its gestures, keys,
 * focus and preloading are hooks of their own (use-*.ts beside it); this file holds the state they
 * share and the markup.
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
  const slide = useSlideSize(scrollerRef);
  const [paused, setPaused] = useState(false);
  const [muted, setMuted] = useMuted();
  const autoplay = useAutoplay();
  const [captionsOn, setCaptionsOn] = useCaptionsOn();
  const [preferredLanguage] = useCaptionLanguage();
  const [commentsOpen, setCommentsOpen] = useState(false);
  const toast = useToast();
  const [startIndex] = useState(activeIndex);
  const { currentUser } = useAuth();
  const { full, likeCount, viewerHasLiked, like } = useClipLike(active, toast.showToast);
  const { handleTap, heartBurst } = useTapGestures({ signedIn: Boolean(currentUser), viewerHasLiked, like, setPaused });

  // The React Compiler leaves this component unmemoised: TanStack Virtual hands back fresh functions by design.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: list.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => slide.height,
    // The clip on screen and one on each side: a handful of <video> elements however long the list.
    overscan: 1,
    initialOffset: startIndex * slide.height,
    initialRect: slide,
    getItemKey: (index) => list[index]?.id ?? index,
    // The current clip stays mounted in every frame, even the one where the list moved under it.
    rangeExtractor: (range) => withIndex(defaultRangeExtractor(range), activeIndex, list.length),
  });
  const { handleScroll, goTo } = useSnapScroll({
    scrollerRef,
    measure: virtualizer.measure,
    list,
    shift,
    slideHeight: slide.height,
    activeIndex,
    activeId,
    setActiveId,
  });

  // A new current clip: it plays (unless autoplay is off: the setting, or the system's reduce
  // motion), the URL follows, the sheet closes.
  const activePostId = active?.id;
  useEffect(() => {
    setPaused(!autoplay);
    setCommentsOpen(false);
    // Only a new clip decides; switching autoplay off in Settings does not pause the one playing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activePostId]);
  const announcement = useAnnouncement(
    active ? `Clip ${before + activeIndex + 1} of ${before + list.length} by ${authorNameOf(active)}` : '',
  );
  useEffect(() => {
    if (activePostId) onShow(activePostId);
  }, [activePostId, onShow]);

  useDialogFocus(dialogRef, activeIndex);

  // Near the end of what is loaded, ask for the feed's next page (the feed's own fetchMore).
  useEffect(() => {
    if (hasNextPage && activeIndex >= list.length - 1 - LOAD_AHEAD) loadMore();
  }, [activeIndex, list.length, hasNextPage, loadMore]);

  const allowVideoPreload = mayPreloadVideo();
  useNeighbourPosters(list, activeIndex, slide);

  const closeComments = useCallback(() => {
    setCommentsOpen(false);
    dialogRef.current?.querySelector<HTMLElement>('[data-viewer-comments-button]')?.focus();
  }, []);
  const toggleCaptions = useCallback(() => setCaptionsOn(!captionsOn), [captionsOn, setCaptionsOn]);
  const handleKeyDown = usePlayerKeys({
    dialogRef,
    commentsOpen,
    closeComments,
    onClose,
    goTo,
    activeIndex,
    muted,
    setMuted,
    setPaused,
    toggleCaptions: active?.captionTracks.length ? toggleCaptions : undefined,
  });

  const total = list.length;
  // Counted in the whole list: clips the feed let go of above this one still count.
  const label = (index: number) => `Clip ${before + index + 1} of ${before + total} by ${authorNameOf(list[index])}`;
  const items = virtualizer.getVirtualItems();

  return createPortal(
    // The dialog takes the player's keys for everything inside it (usePlayerKeys), as WAI-ARIA's modal dialog does Escape and Tab.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={handleKeyDown}
      className="fixed inset-0 z-50 overflow-hidden bg-black text-white focus:outline-none"
      data-testid="clip-viewer"
    >
      <h2 id={titleId} className="sr-only">
        Clip viewer: {listName}
      </h2>
      {/* Which clip is on screen, said once per clip (not on every render, nor twice on opening). */}
      <p id={statusId} aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
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
                  screen={slide}
                  captionLanguage={captionsOn ? (pickCaptionTrack(post.captionTracks, preferredLanguage)?.language ?? null) : null}
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
          captionsOn={captionsOn}
          onToggleCaptions={active.captionTracks.length ? toggleCaptions : undefined}
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
