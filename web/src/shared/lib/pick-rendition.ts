/** One size of a video or picture a post offers. */
export interface SizedSource {
  url: string;
  width: number;
  height: number;
}

export interface Screen {
  /** CSS pixels the player is shown at (its width on the page). */
  displayWidth: number;
  devicePixelRatio: number;
  /** The browser says the student asked to save data (Chrome's Data Saver, a metered connection). */
  saveData: boolean;
}

/**
 * The rendition (or poster) to load: the smallest whose short side covers the player's short side
 * in device pixels, so a phone gets 360p and a laptop 720p; with data saving on, the smallest of
 * all. `sources` may come in any order; null when there is none.
 */
export function pickSource<T extends SizedSource>(sources: readonly T[], screen: Screen): T | null {
  if (sources.length === 0) return null;
  const bySize = [...sources].sort((a, b) => shortSide(a) - shortSide(b));
  if (screen.saveData) return bySize[0]!;
  const aspect = shortSide(bySize[0]!) / Math.max(bySize[0]!.width, 1);
  const needed = screen.displayWidth * aspect * Math.min(screen.devicePixelRatio, 2);
  return bySize.find((source) => shortSide(source) >= needed * 0.9) ?? bySize.at(-1)!;
}

function shortSide(source: SizedSource): number {
  return Math.min(source.width, source.height);
}

/** What this browser says about its screen and data saving (Network Information API where there is one). */
export function currentScreen(displayWidth: number): Screen {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return { displayWidth, devicePixelRatio: window.devicePixelRatio || 1, saveData: connection?.saveData === true };
}
