/**
 * Where files live inside the media store and the URLs that name them. Stored URLs are relative
 * (`/media/<path>`), so a post keeps working when the site moves to another host.
 */
export const MEDIA_URL_PREFIX = '/media/';

const MAX_NAME_LENGTH = 100;

/** A file name safe in a URL and on any disk: ASCII letters, digits, dot, dash and underscore. */
export function safeFileName(original: string): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/-*\.-*/g, '.')
    .replace(/^[-.]+|[-.]+$/g, '');
  const trimmed = cleaned.length > MAX_NAME_LENGTH ? cleaned.slice(cleaned.length - MAX_NAME_LENGTH) : cleaned;
  return trimmed.replace(/^[-.]+/, '') || 'video';
}

/** `videos/{timestamp}-{filename}` (spec §7). */
export function videoPath(timestamp: number, fileName: string): string {
  return `videos/${timestamp}-${safeFileName(fileName)}`;
}

/** `profile-images/{uid}-{timestamp}` (spec §7). */
export function profileImagePath(uid: string, timestamp: number): string {
  return `profile-images/${safeFileName(uid)}-${timestamp}`;
}

export function mediaUrlFor(mediaPath: string): string {
  return MEDIA_URL_PREFIX + mediaPath;
}

/**
 * The store path a media URL names, or null when it is not one of ours. Accepts the relative form
 * and an absolute URL whose path is under /media/ (what a browser may send back after resolving it).
 */
export function mediaPathFromUrl(url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://relative.invalid').pathname;
  } catch {
    return null;
  }
  if (!pathname.startsWith(MEDIA_URL_PREFIX)) return null;
  let mediaPath: string;
  try {
    mediaPath = decodeURIComponent(pathname.slice(MEDIA_URL_PREFIX.length));
  } catch {
    return null;
  }
  return isSafeMediaPath(mediaPath) ? mediaPath : null;
}

/** Only our own three public folders, one plain file name deep: no traversal, no hidden files. */
export function isSafeMediaPath(mediaPath: string): boolean {
  return /^(videos|posters|profile-images)\/[A-Za-z0-9_][A-Za-z0-9._-]*$/.test(mediaPath);
}

/** What the store may hold: the public folders and `originals/`, which no URL can name (never served). */
export function isStorePath(storePath: string): boolean {
  return isSafeMediaPath(storePath) || /^originals\/[A-Za-z0-9_][A-Za-z0-9._-]*$/.test(storePath);
}

/** Where an uploaded video is kept as received, out of reach of /media: `originals/{timestamp}-{filename}`. */
export function originalPathFor(videoMediaPath: string): string {
  return `originals/${videoMediaPath.replace(/^videos\//, '')}`;
}

function stemOf(videoMediaPath: string): string {
  return videoMediaPath.replace(/^videos\//, '').replace(/\.[A-Za-z0-9]{1,5}$/, '');
}

/** A transcoded rendition beside the name the upload reserved: `videos/{timestamp}-{name}-720p.mp4`. */
export function renditionPathFor(videoMediaPath: string, label: string): string {
  return `videos/${stemOf(videoMediaPath)}-${label}.mp4`;
}

/** A poster picture at one size: `posters/{timestamp}-{name}-{w}x{h}.jpg` (or .webp). */
export function posterPictureFor(videoMediaPath: string, width: number, height: number, extension: 'jpg' | 'webp'): string {
  return `posters/${stemOf(videoMediaPath)}-${width}x${height}.${extension}`;
}
