import { useLayoutEffect, useState, type RefObject } from 'react';

export type SlideSize = { width: number; height: number };

/** The slides are exactly one screen big: the scroller's size, following the screen (rotation, browser bars). */
export function useSlideSize(scrollerRef: RefObject<HTMLDivElement | null>): SlideSize {
  const [size, setSize] = useState<SlideSize>(() => ({ width: window.innerWidth || 400, height: window.innerHeight || 800 }));
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const update = () => {
      if (!scroller.clientHeight) return;
      const next = { width: scroller.clientWidth, height: scroller.clientHeight };
      setSize((now) => (now.width === next.width && now.height === next.height ? now : next));
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [scrollerRef]);
  return size;
}
