// A long scroll keeps only a window of a feed's posts in the Apollo cache (issue 16: a flat heap).
// Every post Apollo holds costs ~25 kB with its read memo, so 200 posts scrolled past would cost
// 5 MB; the posts far above the screen are dropped from the cache and remembered by id and cursor
// only, then fetched again (one page, by the cursor before them) when the student scrolls back up.
// The posts far below, after a trip back up, are dropped too: infinite scroll fetches them again.
// A list that lost posts is evicted when the student leaves it, so the next visit starts at the top.

/** Posts kept in the cache at most; beyond that, the ones far from the screen go. */
export const WINDOW_POSTS = 60;
/** Posts kept loaded on each side of the screen when trimming. */
export const WINDOW_MARGIN = 20;
/** Posts are dropped in steps of this many (one page of the feed). */
export const WINDOW_STEP = 10;

/** Posts dropped from the top of the window: enough to fetch them again and to keep their place. */
export type DroppedChunk = {
  /** The cursor to fetch them after (`null`: the feed's first page). */
  after: string | null;
  /** The cursor of the last of them. */
  lastCursor: string;
  /** The cursor of the post that came right after them: the window's first while they are dropped. */
  next: string;
  ids: string[];
};

export type WindowEdge = { cursor: string; node: { id: string } };

/** How many posts to drop from the top, given the index (in the window) of the first post on screen. */
export function postsToDropAbove(windowLength: number, firstOnScreen: number): number {
  if (windowLength <= WINDOW_POSTS) return 0;
  const spare = Math.min(firstOnScreen - WINDOW_MARGIN, windowLength - WINDOW_MARGIN);
  return spare >= WINDOW_STEP ? spare - (spare % WINDOW_STEP) : 0;
}

/** How many posts to drop from the bottom, given the index (in the window) of the last post on screen. */
export function postsToDropBelow(windowLength: number, lastOnScreen: number): number {
  if (windowLength <= WINDOW_POSTS) return 0;
  const spare = windowLength - 1 - lastOnScreen - WINDOW_MARGIN;
  return spare >= WINDOW_STEP ? spare - (spare % WINDOW_STEP) : 0;
}

/**
 * The chunks that remember the first `count` edges of the window (which must keep at least one),
 * a page each: scrolling back up fetches one small page at a time.
 */
export function chunksOf(windowEdges: readonly WindowEdge[], count: number, chunksAbove: readonly DroppedChunk[]): DroppedChunk[] {
  const chunks: DroppedChunk[] = [];
  for (let from = 0; from < count; from += WINDOW_STEP) {
    const to = Math.min(from + WINDOW_STEP, count);
    const dropped = windowEdges.slice(from, to);
    chunks.push({
      after: (chunks.at(-1) ?? chunksAbove.at(-1))?.lastCursor ?? null,
      lastCursor: dropped.at(-1)!.cursor,
      next: windowEdges[to]!.cursor,
      ids: dropped.map((edge) => edge.node.id),
    });
  }
  return chunks;
}

/**
 * Where the window starts in the edges Apollo holds now, or -1 when the list starts from the top
 * again (a refetch: its first post is one that was dropped) and nothing is dropped any more. While
 * a trim or a restore is being written, the edges still hold the dropped posts: they are skipped,
 * so the student never sees a post twice. A window that lost its first posts (deleted) starts at 0.
 */
export function windowStart(edges: readonly WindowEdge[], chunks: readonly DroppedChunk[]): number {
  const last = chunks.at(-1);
  if (!last) return 0;
  if (edges.length === 0) return -1;
  const afterDropped = edges.findIndex((edge) => edge.cursor === last.lastCursor);
  // A window always keeps posts after the dropped ones: a list that ends with them is a first page fetched afresh.
  if (afterDropped >= 0) return afterDropped + 1 < edges.length ? afterDropped + 1 : -1;
  const next = edges.findIndex((edge) => edge.cursor === last.next);
  if (next >= 0) return next;
  const first = edges[0]!.node.id;
  return chunks.some((chunk) => chunk.ids.includes(first)) ? -1 : 0;
}

/**
 * What to fetch again once the screen is on dropped posts: the page just above the window, or,
 * when the student jumped to the top (a tap on the status bar) past several pages, the feed's
 * start afresh, in one request instead of one per page on the way.
 */
export function restoreFor(firstOnScreen: number, chunks: readonly DroppedChunk[]): 'nothing' | 'previous-page' | 'from-the-top' {
  const dropped = chunks.reduce((count, chunk) => count + chunk.ids.length, 0);
  if (firstOnScreen >= dropped) return 'nothing';
  return chunks.length > 2 && firstOnScreen < chunks[0]!.ids.length ? 'from-the-top' : 'previous-page';
}

/** Edges fetched again for a chunk, without any the window already has (a post deleted meanwhile shifts the page). */
export function freshEdges<E extends WindowEdge>(fetched: readonly E[], windowEdges: readonly WindowEdge[]): E[] {
  const have = new Set(windowEdges.map((edge) => edge.node.id));
  return fetched.filter((edge) => !have.has(edge.node.id));
}
