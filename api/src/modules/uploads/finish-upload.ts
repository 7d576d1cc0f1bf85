import fsp from 'node:fs/promises';
import { checkVideoMetadata } from '@campus-clips/rules';
import os from 'node:os';
import path from 'node:path';
import type { FfmpegBinaries } from '../../infra/media/ffmpeg-binaries';
import { DECODE_LIMITS, MEDIA_RULES } from './media-rules';
import { CAPTION_FILE_MESSAGES, readCaptionFile } from '../../infra/media/caption-file';
import { captionPath, originalPathFor, profileImagePath, videoPath } from '../../infra/media/media-names';
import { MediaRefusal } from './media-refusal';
import type { MediaStore } from '../../infra/media/media-store';
import { extractPoster, probeVideo } from '../../infra/media/probe-media';
import { MediaToolTimeout, type ToolLimits } from '../../infra/media/run-tool';
import { cleanPhoto, type PhotoLimits, type PhotoType, readPhotoSize, writePhotoSizes } from '../../infra/media/photos';
import { planPhotoSizes } from '../../infra/media/transcode';
import { SNIFF_BYTES, sniffMediaType } from '../../infra/media/sniff-media-type';
import type { CompletedFacts, UploadRecords } from './upload-records';
import type { Upload } from './upload.entity';

export interface FinishDeps {
  store: MediaStore;
  records: UploadRecords;
  binaries: FfmpegBinaries;
  /** Per-run time limit and threads for ffmpeg/ffprobe; DECODE_LIMITS unless a test shortens it. */
  toolLimits?: ToolLimits;
}

/**
 * Puts the bytes to serve at their media path: `cleanFile` (the upload without its metadata) when
 * given, else the received upload itself.
 */
export type PlaceMedia = (mediaPath: string, contentType: string, cleanFile: string | null) => Promise<void>;

/**
 * Turns a fully received upload (available as a local file) into a media file: checks its bytes
 * again; a photo loses its metadata (location, device) and is served at once; a video is probed
 * within the decoding limits, must decode a frame, and is kept as received under originals/ for
 * the transcoding job (modules/video-processing), which makes everything served of it. `place`
 * puts the bytes at their path and the row is marked complete. Throws MediaRefusal for a file we
 * will not keep.
 */
export async function finishUpload(deps: FinishDeps, row: Upload, localFile: string, place: PlaceMedia): Promise<CompletedFacts> {
  const rules = MEDIA_RULES[row.kind];
  const { size: receivedSize } = await fsp.stat(localFile);
  if (receivedSize > rules.maxBytes) throw new MediaRefusal(413, rules.tooLargeMessage);
  const contentType = sniffMediaType(await readHead(localFile), row.kind);
  if (!contentType) throw new MediaRefusal(415, rules.wrongTypeMessage);
  const limits = deps.toolLimits ?? DECODE_LIMITS;

  const scratch = await fsp.mkdtemp(path.join(os.tmpdir(), 'campus-clips-finish-'));
  try {
    if (row.kind === 'image') {
      const sizes = await photoSizes(await fsp.readFile(localFile), contentType as PhotoType, limits, scratch);
      const cleanFile = path.join(scratch, 'image');
      await fsp.writeFile(cleanFile, sizes.clean);
      const mediaPath = await freePath(deps.records, row.id, () => profileImagePath());
      await place(mediaPath, contentType, cleanFile);
      const served = [{ path: mediaPath, contentType, width: sizes.upright.width, height: sizes.upright.height }];
      for (const picture of sizes.pictures) {
        const sizedPath = `${mediaPath}-${picture.width}x${picture.height}.${picture.type === 'image/webp' ? 'webp' : 'jpg'}`;
        await deps.store.putFile(sizedPath, picture.file, picture.type);
        served.push({ path: sizedPath, contentType: picture.type, width: picture.width, height: picture.height });
      }
      // The row keeps the received size: tus answers it as the finished upload's offset.
      const size = receivedSize;
      const facts: CompletedFacts = {
        mediaPath,
        posterPath: null,
        contentType,
        size,
        duration: null,
        width: sizes.upright.width,
        height: sizes.upright.height,
      };
      await deps.records.complete(row.id, facts);
      await deps.records.addServedFiles(row.id, served);
      return facts;
    }
    if (row.kind === 'caption') return await finishCaption(deps, row, localFile, receivedSize, scratch, place);
    return await finishVideo(deps, row, localFile, receivedSize, contentType, limits, scratch, place);
  } catch (error) {
    if (error instanceof MediaToolTimeout) throw new MediaRefusal(415, DECODE_LIMITS.tooSlowMessage);
    throw error;
  } finally {
    await fsp.rm(scratch, { recursive: true, force: true });
  }
}

async function finishVideo(
  deps: FinishDeps,
  row: Upload,
  localFile: string,
  receivedSize: number,
  contentType: string,
  limits: ToolLimits,
  scratch: string,
  place: PlaceMedia,
): Promise<CompletedFacts> {
  const rules = MEDIA_RULES.video;
  const probe = await probeVideo(deps.binaries, localFile, limits);
  if (!probe) throw new MediaRefusal(415, rules.unreadableMessage);
  // Too long or too large for a short-video app: refused before anything is kept or queued.
  const tooBig = checkVideoMetadata(probe);
  if (tooBig) throw new MediaRefusal(413, tooBig);
  // Headers can look fine while no frame decodes (a truncated file): refuse it now, while the
  // student is still on the upload screen, rather than fail the post later.
  if (!(await extractPoster(deps.binaries, localFile, path.join(scratch, 'frame.jpg'), probe.duration, limits))) {
    throw new MediaRefusal(415, rules.unreadableMessage);
  }
  // The name the post is created with; the bytes as received go under originals/, which /media
  // never serves (they may carry a location). The transcoding job makes what is served.
  const mediaPath = await freePath(deps.records, row.id, () => videoPath(contentType));
  const originalPath = originalPathFor(mediaPath);
  await place(originalPath, contentType, null);
  const facts: CompletedFacts = {
    mediaPath,
    posterPath: null,
    originalPath,
    contentType,
    size: receivedSize,
    duration: probe.duration,
    width: probe.width,
    height: probe.height,
  };
  await deps.records.complete(row.id, facts);
  return facts;
}

/**
 * A caption file (issue 28): read whole as UTF-8 and checked (caption-file.ts: format, markup,
 * well-formed cues); what is kept is the WebVTT we wrote from it, never the bytes received. It is
 * not served until a post of the same student takes it (caption-tracks), which also checks its
 * times against that clip.
 */
async function finishCaption(
  deps: FinishDeps,
  row: Upload,
  localFile: string,
  receivedSize: number,
  scratch: string,
  place: PlaceMedia,
): Promise<CompletedFacts> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await fsp.readFile(localFile));
  } catch {
    throw new MediaRefusal(415, CAPTION_FILE_MESSAGES.notUtf8);
  }
  const read = readCaptionFile(text, { duration: null });
  if (!read.ok) throw new MediaRefusal(read.message === MEDIA_RULES.caption.tooLargeMessage ? 413 : 415, read.message);
  const cleanFile = path.join(scratch, 'captions.vtt');
  await fsp.writeFile(cleanFile, read.file.vtt);
  const mediaPath = await freePath(deps.records, row.id, () => captionPath());
  await place(mediaPath, CAPTION_CONTENT_TYPE, cleanFile);
  const facts: CompletedFacts = {
    mediaPath,
    posterPath: null,
    contentType: CAPTION_CONTENT_TYPE,
    size: receivedSize,
    duration: null,
    width: null,
    height: null,
  };
  await deps.records.complete(row.id, facts);
  return facts;
}

/** What /media answers a caption file with (WebVTT is UTF-8 by definition; browsers want the charset said). */
export const CAPTION_CONTENT_TYPE = 'text/vtt; charset=utf-8';

/**
 * A profile photo without its metadata and upright (photos.ts), and in the sizes the screens use
 * (WebP and JPEG); MediaRefusal when it cannot be decoded or is too large to decode.
 */
async function photoSizes(bytes: Buffer, contentType: PhotoType, limits: ToolLimits, scratch: string) {
  const photoLimits: PhotoLimits = { maxSide: DECODE_LIMITS.maxImageSide, timeoutSeconds: Math.ceil(limits.timeLimitMs / 1000) };
  const reading = await readPhotoSize(bytes, photoLimits);
  if (!reading.ok && reading.reason === 'too large') throw new MediaRefusal(413, DECODE_LIMITS.tooLargeImageMessage);
  const clean = reading.ok ? await cleanPhoto(bytes, contentType, photoLimits) : null;
  if (!reading.ok || !clean) throw new MediaRefusal(415, MEDIA_RULES.image.unreadableMessage);
  const upright = { width: reading.width, height: reading.height };
  try {
    const pictures = await writePhotoSizes(clean, planPhotoSizes(upright), scratch, 'photo', photoLimits);
    return { clean, upright, pictures };
  } catch (error) {
    if (error instanceof MediaToolTimeout) throw error;
    throw new MediaRefusal(415, MEDIA_RULES.image.unreadableMessage);
  }
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await fsp.open(file, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Reserves a new random name (media-names.ts) for this upload. Two uploads drawing the same 128
 * bits will not happen, but the unique index decides, so a file could never be overwritten.
 */
async function freePath(records: UploadRecords, uploadId: string, newName: () => string): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const candidate = newName();
    if (await records.reservePath(uploadId, candidate)) return candidate;
  }
  throw new Error('Could not find a free media name');
}
