/** What the Network Information API tells about the connection (Chromium browsers; absent elsewhere). */
export type ConnectionHints = { saveData?: boolean; effectiveType?: string } | undefined;

function browserConnection(): ConnectionHints {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator as Navigator & { connection?: ConnectionHints }).connection;
}

/**
 * Whether the player may fetch the next clip's first seconds before the student swipes. Not when
 * they asked to save data, nor on a 2G-class connection, where it would slow the clip they are
 * watching and spend data on one they may never see. Browsers that say nothing get the preload.
 */
export function mayPreloadVideo(connection: ConnectionHints = browserConnection()): boolean {
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return connection.effectiveType !== 'slow-2g' && connection.effectiveType !== '2g';
}

// The posters asked for lately, so swiping back and forth does not ask twice; kept small.
const requestedPosters: string[] = [];
const POSTERS_REMEMBERED = 12;

/** Starts downloading a poster into the browser's cache (an Image nobody shows), once. */
export function preloadPoster(url: string | null | undefined): void {
  if (!url || typeof Image === 'undefined' || requestedPosters.includes(url)) return;
  requestedPosters.push(url);
  if (requestedPosters.length > POSTERS_REMEMBERED) requestedPosters.shift();
  const image = new Image();
  image.decoding = 'async';
  image.src = url;
}
