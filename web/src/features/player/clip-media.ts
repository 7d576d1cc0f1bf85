import { currentScreen, pickSource } from '../../shared/lib/pick-rendition';
import type { PlayerPost } from './player-types';

type Area = { width: number; height: number };

/** CSS pixels wide the clip is drawn at when it fills `area` keeping its shape (object-fit: contain). */
function drawnWidth(post: PlayerPost, area: Area): number {
  const aspect = post.width && post.height ? post.width / post.height : 9 / 16;
  return Math.max(1, Math.round(Math.min(area.width, area.height * aspect)));
}

/** The rendition pick-rendition chooses for this screen (the smallest that covers it; the smallest of all on data saving). */
export function videoFor(post: PlayerPost | undefined, area: Area): string | undefined {
  if (!post || post.status !== 'READY') return undefined;
  if (post.renditions.length === 0) return post.videoUrl;
  return pickSource(post.renditions, currentScreen(drawnWidth(post, area)))?.url;
}

/** The poster in the size this screen needs (WebP), else the post's one poster. */
export function posterFor(post: PlayerPost | undefined, area: Area): string | null {
  if (!post || post.status !== 'READY') return null;
  const webp = post.posterSources.filter((source) => source.type === 'image/webp');
  return pickSource(webp, currentScreen(drawnWidth(post, area)))?.url ?? post.posterUrl ?? null;
}
