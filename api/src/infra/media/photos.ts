import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { MediaToolTimeout } from './run-tool';

/**
 * Profile photos with sharp (libvips): read, turned upright as the phone meant it (EXIF
 * Orientation), and written again with no metadata at all: no EXIF (location, device, time), no
 * XMP or IPTC, no PNG text chunks, no GIF comments. Decoding and writing again, rather than editing
 * the bytes as the hand-written parser this replaces did (158 lines of JPEG/PNG/WebP structure,
 * where one missed case would have kept a student's location), leaves nothing of the input but
 * its pixels.
 */
export type PhotoType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

export interface PhotoLimits {
  /** A side longer than this is refused before the pixels are decoded (a decompression bomb). */
  maxSide: number;
  /** How long decoding and writing one photo may take. */
  timeoutSeconds: number;
}

export type PhotoReading = { ok: true; width: number; height: number } | { ok: false; reason: 'unreadable' | 'too large' };

/** The photo's upright size from its header (no pixels decoded), or why it is refused. */
export async function readPhotoSize(bytes: Buffer, limits: PhotoLimits): Promise<PhotoReading> {
  try {
    const metadata = await sharp(bytes, { failOn: 'error' }).metadata();
    const { width, height } = metadata.autoOrient ?? metadata;
    if (!width || !height) return { ok: false, reason: 'unreadable' };
    if (Math.max(width, height) > limits.maxSide) return { ok: false, reason: 'too large' };
    return { ok: true, width, height };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}

/**
 * The photo upright, in its own format, without any metadata (and in sRGB, as sharp writes by
 * default); an animated GIF or WebP keeps its frames. Null when its pixels do not decode.
 */
export async function cleanPhoto(bytes: Buffer, type: PhotoType, limits: PhotoLimits): Promise<Buffer | null> {
  const animated = type === 'image/gif' || type === 'image/webp';
  const image = open(bytes, limits, animated).autoOrient();
  try {
    switch (type) {
      case 'image/jpeg':
        return await image.jpeg({ quality: 90 }).toBuffer();
      case 'image/png':
        return await image.png().toBuffer();
      case 'image/webp':
        return await image.webp({ quality: 90 }).toBuffer();
      case 'image/gif':
        return await image.gif().toBuffer();
    }
  } catch (error) {
    if (timedOut(error)) throw new MediaToolTimeout('sharp');
    return null;
  }
}

export interface PhotoFile {
  file: string;
  type: 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
}

/** The photo (already upright) at each size, as WebP and JPEG, written into `outDir`; its first frame if animated. */
export async function writePhotoSizes(
  bytes: Buffer,
  sizes: { width: number; height: number }[],
  outDir: string,
  stem: string,
  limits: PhotoLimits,
): Promise<PhotoFile[]> {
  const files: PhotoFile[] = [];
  for (const { width, height } of sizes) {
    const resized = open(bytes, limits, false).resize(width, height, { fit: 'fill' });
    for (const format of [
      { type: 'image/webp' as const, extension: 'webp', write: (image: Sharp) => image.webp({ quality: 80 }) },
      { type: 'image/jpeg' as const, extension: 'jpg', write: (image: Sharp) => image.jpeg({ quality: 82 }) },
    ]) {
      const file = path.join(outDir, `${stem}-${width}x${height}.${format.extension}`);
      try {
        await format.write(resized.clone()).toFile(file);
      } catch (error) {
        throw timedOut(error) ? new MediaToolTimeout('sharp') : error;
      }
      files.push({ file, type: format.type, width, height });
    }
  }
  return files;
}

function open(bytes: Buffer, limits: PhotoLimits, animated: boolean): Sharp {
  return sharp(bytes, { failOn: 'error', limitInputPixels: limits.maxSide * limits.maxSide, animated }).timeout({
    seconds: limits.timeoutSeconds,
  });
}

/** sharp's error when `.timeout()` ended the work ('timeout: 42% complete'). */
function timedOut(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('timeout');
}
