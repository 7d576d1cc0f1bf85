import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { PlayerPost } from './player-types';

/** Longer than any smooth scroll between two neighbouring clips takes. */
const SMOOTH_SCROLL_LIMIT_MS = 800;

/**
 * Swiping and paging through the clips of a snap-scrolling list, one screen each. The clip most on
 * screen is the current one, except while the player itself scrolls to a clip (keys, buttons,
 * finishing a swipe): the clips it passes on the way do not count. `goTo` makes a clip current at
 * once and scrolls there; `handleScroll` goes on the scroller.
 */
export function useSnapScroll({
  scrollerRef,
  measure,
  list,
  shift,
  slideHeight,
  activeIndex,
  activeId,
  setActiveId,
}: {
  scrollerRef: RefObject<HTMLDivElement | null>;
  /** The virtualiser's re-measure, for a new slide height. */
  measure: () => void;
  list: readonly PlayerPost[];
  /** Places the current clip moved by, clips added or dropped above it (the feed's window). */
  shift: number;
  slideHeight: number;
  activeIndex: number;
  activeId: string;
  setActiveId: (id: string) => void;
}) {
  // A new slide height: the slides are measured again and the current clip stays on screen.
  const indexRef = useRef(activeIndex);
  useEffect(() => {
    indexRef.current = activeIndex;
  }, [activeIndex]);
  useLayoutEffect(() => {
    measure();
    const scroller = scrollerRef.current;
    if (scroller) scroller.scrollTop = indexRef.current * slideHeight;
  }, [measure, scrollerRef, slideHeight]);

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
  }, [scrollerRef, list, slideHeight, activeId, setActiveId]);

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
    [scrollerRef, slideHeight],
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
  }, [scrollerRef]);

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
  }, [scrollerRef, slideHeight, list.length, scrollToClip]);

  const reducedMotion = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const goTo = useCallback(
    (index: number) => {
      if (index < 0 || index >= list.length) return;
      scrollToClip(index, reducedMotion ? 'auto' : 'smooth');
      // Keyboard and buttons make the clip current at once; the scroll catches up.
      setActiveId(list[index]!.id);
    },
    [list, scrollToClip, reducedMotion, setActiveId],
  );

  return { handleScroll, goTo };
}
