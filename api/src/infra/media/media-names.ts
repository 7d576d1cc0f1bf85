import { randomBytes } from 'node:crypto';

/**
 * Where files live inside the media store and the URLs that name them. Stored URLs are relative
 * (`/media/<path>`), so a post keeps working when the site moves to another host.
 */
export const MEDIA_URL_PREFIX = '/media/';

/**
 * A new media name: 128 random bits as 32 lowercase hex digits. Names are the only thing that
 * keeps a file from strangers who never saw it (a <video> request carries no token), so they
 * are never derived from the time, the uploader or the upload's own name (which can tell more
 * than its owner meant: "Ada's party at 14 Elm St.mov"), and hex stays distinct on case-folding disks.
 */
export function randomMediaName(): string {
  return randomBytes(16).toString('hex');
}

/** The extensions a kept video may carry, by the type its bytes showed (sniff-media-type.ts). */
const VIDEO_EXTENSIONS: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/x-msvideo': 'avi',
  'video/x-ms-wmv': 'wmv',
  'video/webm': 'webm',
  'video/x-matroska': 'mkv',
  'video/3gpp': '3gp',
  'video/3gpp2': '3g2',
};

/**
 * `videos/{random}.{extension}`: the URL a post is created with (the spec's
 * `videos/{timestamp}-{filename}` gave strangers the time and the file's own name). The
 * extension comes from the bytes' type, never from the upload's name.
 */
export function videoPath(contentType: string, name = randomMediaName()): string {
  return `videos/${name}.${VIDEO_EXTENSIONS[contentType] ?? 'video'}`;
}

/** `profile-images/{random}` (the spec's `profile-images/{uid}-{timestamp}`, for the same reason). */
export function profileImagePath(name = randomMediaName()): string {
  return `profile-images/${name}`;
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

/** Only our own four public folders, one plain file name deep: no traversal, no hidden files. */
export function isSafeMediaPath(mediaPath: string): boolean {
  return /^(videos|posters|profile-images|captions)\/[A-Za-z0-9_][A-Za-z0-9._-]*$/.test(mediaPath);
}

/**
 * `captions/{random}.vtt`: a caption file as we wrote it (caption-file.ts). A name of its own, not
 * the clip's: a track replaced gets a new URL (every /media path names its bytes for good).
 */
export function captionPath(name = randomMediaName()): string {
  return `captions/${name}.vtt`;
}

/**
 * What the store may hold: the public folders, and `originals/` and `exports/` (students' data
 * archives), which no URL can name (never served by /media).
 */
export function isStorePath(storePath: string): boolean {
  return isSafeMediaPath(storePath) || /^(originals|exports)\/[A-Za-z0-9_][A-Za-z0-9._-]*$/.test(storePath);
}

/** Where an uploaded video is kept as received, out of reach of /media: `originals/{name}.{extension}`. */
export function originalPathFor(videoMediaPath: string): string {
  return `originals/${videoMediaPath.replace(/^videos\//, '')}`;
}

function stemOf(videoMediaPath: string): string {
  return videoMediaPath.replace(/^videos\//, '').replace(/\.[A-Za-z0-9]{1,5}$/, '');
}

/** A transcoded rendition beside the name the upload reserved: `videos/{name}-720p.mp4`. */
export function renditionPathFor(videoMediaPath: string, label: string): string {
  return `videos/${stemOf(videoMediaPath)}-${label}.mp4`;
}

/** A poster picture at one size: `posters/{name}-{w}x{h}.jpg` (or .webp). */
export function posterPictureFor(videoMediaPath: string, width: number, height: number, extension: 'jpg' | 'webp'): string {
  return `posters/${stemOf(videoMediaPath)}-${width}x${height}.${extension}`;
}
