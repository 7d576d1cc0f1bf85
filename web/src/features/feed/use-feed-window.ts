import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  WINDOW_MARGIN,
  chunksOf,
  freshEdges,
  postsToDropAbove,
  postsToDropBelow,
  restoreFor,
  windowStart,
  type DroppedChunk,
} from './feed-window';
import type { FeedConnection, FeedEdge, FeedWindowStore } from './use-feed-query';

export type FeedWindow = {
  /** Ids of the posts dropped above the window, top first: their places stay, as placeholders. */
  droppedIds: string[];
  /** The posts the cache holds now, in order. */
  edges: FeedEdge[];
  /**
   * After a scroll, with the range on screen (indexes counting the dropped posts): drops posts far
   * from the screen, or fetches the dropped ones again once the student scrolls back to them.
   */
  settle: (firstOnScreen: number, lastOnScreen: number) => void;
};

const NO_CHUNKS: DroppedChunk[] = [];

/**
 * Resolves once the list written to the cache has reached the feed. Apollo hands a cache write to
 * the queries watching it on a zero-delay timer; changing the chunks before that rendered them
 * against the old list, and a restore started from there wrote the old list back without the page
 * just restored (the player then counted 10 clips short).
 */
function listRendered(): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, 0));
}

/** Keeps a feed's posts in the cache to a window around the screen (feed-window.ts says why). */
export function useFeedWindow(connection: FeedConnection | undefined, store: FeedWindowStore | undefined): FeedWindow {
  // The chunks belong to one list (the query with its variables): another list starts with none.
  const [held, setHeld] = useState<{ store: FeedWindowStore | undefined; chunks: DroppedChunk[] }>({ store, chunks: NO_CHUNKS });
  if (held.store !== store) setHeld({ store, chunks: NO_CHUNKS });
  const chunks = held.store === store ? held.chunks : NO_CHUNKS;
  /** Changes the chunks of `list`, unless another list is shown by now (after a fetch, say). */
  const setChunksOf = useCallback((list: FeedWindowStore, update: (current: DroppedChunk[]) => DroppedChunk[]) => {
    setHeld((current) => (current.store === list ? { store: list, chunks: update(current.chunks) } : current));
  }, []);

  const allEdges = useMemo(() => connection?.edges ?? [], [connection]);
  const start = windowStart(allEdges, chunks);
  // The list starts from the top again (a refetch): nothing is dropped any more.
  if (start < 0 && chunks.length) setHeld({ store, chunks: NO_CHUNKS });
  const edges = useMemo(() => (start > 0 ? allEdges.slice(start) : allEdges), [allEdges, start]);
  const droppedIds = useMemo(() => chunks.flatMap((chunk) => chunk.ids), [chunks]);

  // Leaving a list that lost posts (another page, another filter): the cache holds only its window,
  // so the list goes, and the next visit fetches it from the top.
  const heldNow = useRef(held);
  // Set while a change of the chunks has yet to render: settling again before it would work from
  // the old chunks (a second restore of the same page once dropped the page above it unseen).
  const rendering = useRef(false);
  useEffect(() => {
    heldNow.current = held;
    rendering.current = false;
  }, [held, connection]);
  useEffect(
    () => () => {
      if (store && heldNow.current.store === store && heldNow.current.chunks.length) store.forget();
    },
    [store],
  );

  // Read by a restore after its fetch: the window may have moved on meanwhile.
  const latest = useRef({ edges, pageInfo: connection?.pageInfo });
  useEffect(() => {
    latest.current = { edges, pageInfo: connection?.pageInfo };
  }, [edges, connection]);
  const busy = useRef(false);

  const restoreLastChunk = useCallback(
    async (chunk: DroppedChunk, list: FeedWindowStore) => {
      busy.current = true;
      try {
        const fetched = await list.fetchChunk(chunk.after, chunk.ids.length);
        const { edges: current, pageInfo } = latest.current;
        if (!pageInfo) return;
        const fresh = freshEdges(fetched, current);
        // The list first, then the chunks: until both land, the restored posts stay placeholders.
        list.replace([...fresh, ...current], pageInfo);
        await listRendered();
        const next = (fresh[0] ?? current[0])?.cursor;
        rendering.current = true;
        setChunksOf(list, (dropped) => {
          if (dropped.at(-1) !== chunk) return dropped; // restored already
          const rest = dropped.slice(0, -1);
          const above = rest.at(-1);
          return above && next ? [...rest.slice(0, -1), { ...above, next }] : rest;
        });
      } catch {
        // The placeholders stay; the next scroll tries again.
      } finally {
        busy.current = false;
      }
    },
    [setChunksOf],
  );

  const restartFromTop = useCallback(
    async (list: FeedWindowStore) => {
      busy.current = true;
      try {
        const fetched = await list.fetchChunk(null, 2 * WINDOW_MARGIN);
        const { pageInfo } = latest.current;
        if (!pageInfo || fetched.length === 0) return;
        list.replace(fetched, { ...pageInfo, hasNextPage: true, endCursor: fetched.at(-1)!.cursor });
        await listRendered();
        rendering.current = true;
        setChunksOf(list, () => NO_CHUNKS);
      } catch {
        // The placeholders stay; the next scroll tries again.
      } finally {
        busy.current = false;
      }
    },
    [setChunksOf],
  );

  const settle = useCallback(
    (firstOnScreen: number, lastOnScreen: number) => {
      // Not while a trim or a restore is still being written (or the list was just fetched afresh).
      if (!store || !connection || busy.current || rendering.current || start !== 0) return;
      const above = droppedIds.length;
      const restore = restoreFor(firstOnScreen, chunks);
      if (restore !== 'nothing') {
        void (restore === 'from-the-top' ? restartFromTop(store) : restoreLastChunk(chunks.at(-1)!, store));
        return;
      }
      const dropAbove = postsToDropAbove(edges.length, firstOnScreen - above);
      if (dropAbove > 0) {
        // The chunks first, then the list: the render in between skips the dropped posts.
        rendering.current = true;
        setChunksOf(store, () => [...chunks, ...chunksOf(edges, dropAbove, chunks)]);
        store.replace(edges.slice(dropAbove), connection.pageInfo);
        return;
      }
      const dropBelow = postsToDropBelow(edges.length, lastOnScreen - above);
      if (dropBelow > 0) {
        const kept = edges.slice(0, edges.length - dropBelow);
        store.replace(kept, { ...connection.pageInfo, hasNextPage: true, endCursor: kept.at(-1)!.cursor });
      }
    },
    [store, connection, start, chunks, droppedIds, edges, restoreLastChunk, restartFromTop, setChunksOf],
  );

  return { droppedIds, edges, settle };
}
