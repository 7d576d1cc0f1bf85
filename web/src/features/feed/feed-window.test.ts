// The feed's window (issue 16): which posts leave the cache on a long scroll, and how the list in
// the cache is read back while a trim or a restore is still being written.
import {
  WINDOW_MARGIN,
  WINDOW_POSTS,
  WINDOW_STEP,
  chunksOf,
  freshEdges,
  postsToDropAbove,
  postsToDropBelow,
  restoreFor,
  windowStart,
  type DroppedChunk,
} from './feed-window';

const edgesFor = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, offset) => ({ cursor: `c${from + offset}`, node: { id: `p${from + offset}` } }));

describe('which posts leave the cache', () => {
  it('keeps every post while the window is small, wherever the screen is', () => {
    expect(postsToDropAbove(WINDOW_POSTS, WINDOW_POSTS - 1)).toBe(0);
    expect(postsToDropBelow(WINDOW_POSTS, 0)).toBe(0);
  });

  it('drops whole pages far above the screen, keeping a margin above it', () => {
    // 70 posts held, the screen at post 45: 45 above it; two pages go, 25 stay.
    expect(postsToDropAbove(70, 45)).toBe(2 * WINDOW_STEP);
    const dropped = postsToDropAbove(200, 150);
    expect(dropped % WINDOW_STEP).toBe(0);
    expect(150 - dropped).toBeGreaterThanOrEqual(WINDOW_MARGIN);
    expect(150 - dropped).toBeLessThan(WINDOW_MARGIN + WINDOW_STEP);
  });

  it('drops pages far below the screen after a trip back up, keeping a margin below it', () => {
    expect(postsToDropBelow(70, 5)).toBe(40);
    expect(postsToDropBelow(70, 50)).toBe(0);
  });
});

describe('where the window starts in the cached list', () => {
  const firstChunk = chunksOf(edgesFor(0, 70), 10, [])[0]!;

  it('remembers the dropped posts a page at a time: ids, the cursor to fetch them after, the post after them', () => {
    expect(firstChunk).toEqual({ after: null, lastCursor: 'c9', next: 'c10', ids: edgesFor(0, 10).map((edge) => edge.node.id) });
    const [second, third, fourth] = chunksOf(edgesFor(10, 80), 25, [firstChunk]);
    expect(second).toMatchObject({ after: 'c9', lastCursor: 'c19', next: 'c20' });
    expect(third).toMatchObject({ after: 'c19', lastCursor: 'c29', next: 'c30' });
    expect(fourth).toMatchObject({ after: 'c29', lastCursor: 'c34', next: 'c35', ids: ['p30', 'p31', 'p32', 'p33', 'p34'] });
  });

  it('skips the dropped posts until the trim is written, then starts at the top', () => {
    expect(windowStart(edgesFor(0, 70), [firstChunk])).toBe(10);
    expect(windowStart(edgesFor(10, 70), [firstChunk])).toBe(0);
  });

  it('skips a restored chunk until its place is given back, then starts after the chunk before it', () => {
    const chunks: DroppedChunk[] = [firstChunk, ...chunksOf(edgesFor(10, 80), 10, [firstChunk])];
    // Posts 10-19 fetched again and written back; the chunk is still listed as dropped.
    expect(windowStart(edgesFor(10, 80), chunks)).toBe(10);
    expect(windowStart(edgesFor(10, 80), [firstChunk])).toBe(0);
  });

  it('knows a list fetched afresh: it starts again with a post that was dropped', () => {
    expect(windowStart(edgesFor(0, 10), [firstChunk])).toBe(-1);
    expect(windowStart(edgesFor(0, 10), [firstChunk, ...chunksOf(edgesFor(10, 80), 20, [firstChunk])])).toBe(-1);
    expect(windowStart([], [firstChunk])).toBe(-1);
    expect(windowStart(edgesFor(0, 10), [])).toBe(0);
  });

  it('keeps its place when its first posts were deleted meanwhile', () => {
    expect(windowStart(edgesFor(12, 70), [firstChunk])).toBe(0);
  });

  it('does not show a post twice when a chunk fetched again overlaps the window (a post was deleted meanwhile)', () => {
    expect(freshEdges(edgesFor(5, 15), edgesFor(10, 70)).map((edge) => edge.node.id)).toEqual(['p5', 'p6', 'p7', 'p8', 'p9']);
  });
});

describe('what comes back when the student scrolls up to dropped posts', () => {
  const chunks = chunksOf(edgesFor(0, 80), 40, []); // posts 0-39 dropped, a page each

  it('nothing while the screen is on the window', () => {
    expect(restoreFor(40, chunks)).toBe('nothing');
  });

  it('the page just above the window, scrolling up one screen at a time', () => {
    expect(restoreFor(38, chunks)).toBe('previous-page');
    expect(restoreFor(12, chunks)).toBe('previous-page');
  });

  it('the feed from the top in one request after a jump to the top past several pages', () => {
    expect(restoreFor(0, chunks)).toBe('from-the-top');
    expect(restoreFor(0, chunks.slice(0, 2))).toBe('previous-page');
  });
});
