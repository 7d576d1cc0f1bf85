import { useCallback, useRef, useState } from 'react';

type PageInfo = { hasNextPage: boolean; endCursor: string | null } | undefined;

/** Loads the page after `pageInfo.endCursor` once at a time; Apollo's field policy appends it. */
export function useNextPage(pageInfo: PageInfo, fetchPage: (after: string) => Promise<unknown>) {
  const [loadingMore, setLoadingMore] = useState(false);
  const inFlight = useRef(false);
  const loadMore = useCallback(() => {
    if (inFlight.current || !pageInfo?.hasNextPage || !pageInfo.endCursor) return;
    inFlight.current = true;
    setLoadingMore(true);
    fetchPage(pageInfo.endCursor)
      .catch((error: unknown) => console.error('Failed to fetch user posts', error))
      .finally(() => {
        inFlight.current = false;
        setLoadingMore(false);
      });
  }, [pageInfo, fetchPage]);
  return { loadMore, loadingMore };
}
