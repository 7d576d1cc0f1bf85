import { useCallback, useEffect, useRef } from 'react';

/**
 * Returns a ref callback for the last card of a list: when that element scrolls into view (with
 * a little look-ahead) and `enabled` is true, `loadMore` runs. Attaching it to a new last card
 * after a page arrives re-arms it, so a tall screen keeps filling until the end.
 */
export function useLoadMoreOnView(loadMore: () => void, enabled: boolean) {
  const latestLoadMore = useRef(loadMore);
  const observer = useRef<IntersectionObserver | null>(null);

  useEffect(() => {
    latestLoadMore.current = loadMore;
  }, [loadMore]);

  useEffect(() => () => observer.current?.disconnect(), []);

  return useCallback(
    (element: Element | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element || !enabled || typeof IntersectionObserver === 'undefined') return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) latestLoadMore.current();
        },
        { rootMargin: '0px 0px 300px 0px' },
      );
      observer.current.observe(element);
    },
    [enabled],
  );
}
