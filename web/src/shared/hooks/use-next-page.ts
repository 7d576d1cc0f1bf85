import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * How long a fetched page may take to show in the list before the next one may be asked for. Apollo
 * (4.3) hands a fetchMore page to its query on a timer after the request settles, and drops it for
 * good if another operation of that query has started by then: asking for the next page at once (a
 * student swiping fast at the end of what is loaded) froze the feed on its last page, re-fetching it.
 */
const PAGE_LANDING_MS = 500;

export type NextPage = {
  /** Asks for the page after `endCursor`, unless one is on its way or has not shown yet. */
  loadMore: () => void;
  loadingMore: boolean;
  pageError: unknown;
};

/** Infinite scroll's next page: one request at a time, each after the previous page has landed. */
export function useNextPage(
  fetchNextPage: (endCursor: string) => Promise<unknown>,
  hasNextPage: boolean,
  endCursor: string | null,
): NextPage {
  const [loadingMore, setLoadingMore] = useState(false);
  const [pageError, setPageError] = useState<unknown>(null);
  const inFlight = useRef(false);
  const landing = useRef<number | undefined>(undefined);

  const release = useCallback(() => {
    window.clearTimeout(landing.current);
    inFlight.current = false;
  }, []);
  // The page landed: the list ends somewhere else now.
  useEffect(release, [endCursor, release]);
  useEffect(() => () => window.clearTimeout(landing.current), []);

  const loadMore = useCallback(() => {
    if (inFlight.current || !hasNextPage || !endCursor) return;
    inFlight.current = true;
    setLoadingMore(true);
    setPageError(null);
    fetchNextPage(endCursor)
      .then(() => {
        landing.current = window.setTimeout(release, PAGE_LANDING_MS);
      })
      .catch((failure: unknown) => {
        setPageError(failure);
        release();
      })
      .finally(() => setLoadingMore(false));
  }, [fetchNextPage, hasNextPage, endCursor, release]);

  return { loadMore, loadingMore, pageError };
}
