import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FfmpegBinaries } from './ffmpeg-binaries';
import { MEDIA_RULES } from './media-limits';
import { posterPathFor, profileImagePath, videoPath } from './media-names';
import { MediaRefusal } from './media-refusal';
import type { MediaStore } from './media-store';
import { extractPoster, probeVideo } from './probe-media';
import { SNIFF_BYTES, sniffMediaType } from './sniff-media-type';
import type { CompletedFacts, UploadRecords } from './upload-records';
import type { Upload } from './upload.entity';

export interface FinishDeps {
  store: MediaStore;
  records: UploadRecords;
  binaries: FfmpegBinaries;
}

/**
 * Turns a fully received upload (available as a local file) into a media file: checks its bytes
 * again, probes a video and cuts its poster, picks the spec's name, then `place` puts the bytes
 * at that name and the row is marked complete. Throws MediaRefusal for a file we will not keep.
 */
export async function finishUpload(
  deps: FinishDeps,
  row: Upload,
  localFile: string,
  place: (mediaPath: string, contentType: string) => Promise<void>,
): Promise<CompletedFacts> {
  const rules = MEDIA_RULES[row.kind];
  const { size } = await fsp.stat(localFile);
  if (size > rules.maxBytes) throw new MediaRefusal(413, rules.tooLargeMessage);
  const contentType = sniffMediaType(await readHead(localFile), row.kind);
  if (!contentType) throw new MediaRefusal(415, rules.wrongTypeMessage);

  if (row.kind === 'image') {
    const mediaPath = await freePath(deps.records, row.id, (timestamp) => profileImagePath(row.ownerUid, timestamp));
    await place(mediaPath, contentType);
    const facts: CompletedFacts = { mediaPath, posterPath: null, contentType, size, duration: null, width: null, height: null };
    await deps.records.complete(row.id, facts);
    return facts;
  }

  const probe = await probeVideo(deps.binaries, localFile);
  if (!probe) throw new MediaRefusal(415, rules.unreadableMessage);
  const mediaPath = await freePath(deps.records, row.id, (timestamp) => videoPath(timestamp, row.fileName || 'video'));
  const posterPath = posterPathFor(mediaPath);
  const scratch = await fsp.mkdtemp(path.join(os.tmpdir(), 'campus-clips-poster-'));
  let storedPoster: string | null = null;
  try {
    const posterFile = path.join(scratch, 'poster.jpg');
    // Headers can look fine while no frame decodes (a truncated file): such a video cannot play.
    if (!(await extractPoster(deps.binaries, localFile, posterFile, probe.duration))) {
      throw new MediaRefusal(415, rules.unreadableMessage);
    }
    await deps.store.putFile(posterPath, posterFile, 'image/jpeg');
    storedPoster = posterPath;
  } finally {
    await fsp.rm(scratch, { recursive: true, force: true });
  }
  try {
    await place(mediaPath, contentType);
  } catch (error) {
    if (storedPoster) await deps.store.remove([storedPoster]).catch(() => undefined);
    throw error;
  }
  const facts: CompletedFacts = { mediaPath, posterPath: storedPoster, contentType, size, ...probe };
  await deps.records.complete(row.id, facts);
  return facts;
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

/** The spec's names carry a millisecond timestamp; step past one already taken rather than overwrite. */
async function freePath(records: UploadRecords, uploadId: string, nameAt: (timestamp: number) => string): Promise<string> {
  let timestamp = Date.now();
  for (let attempt = 0; attempt < 50; attempt += 1, timestamp += 1) {
    const candidate = nameAt(timestamp);
    if (await records.reservePath(uploadId, candidate)) return candidate;
  }
  throw new Error('Could not find a free media name');
}
