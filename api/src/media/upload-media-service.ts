import { ValidationError } from '../shared/errors';
import { mediaPathFromUrl, mediaUrlFor } from './media-names';
import type { MediaService, VideoFacts } from './media-service';
import type { MediaStore } from './media-store';
import type { UploadRecords } from './upload-records';
import type { Upload } from './upload.entity';
import { UPLOAD_EXPIRY_MS } from './media-limits';

const VIDEO_NOT_FOUND = 'Please upload your video again: that upload was not found.';
const VIDEO_ALREADY_POSTED = 'This video is already in a post. Please upload it again to post it twice.';
const PHOTO_NOT_FOUND = 'Please upload your photo again: that upload was not found.';

/** MediaService over the uploads table: posts and profiles may only use the caller's own finished uploads. */
export class UploadMediaService implements MediaService {
  constructor(
    private readonly store: MediaStore,
    private readonly records: UploadRecords,
  ) {}

  async claimVideo(ownerUid: string, url: string): Promise<VideoFacts> {
    const row = await this.ownFinishedUpload(ownerUid, url, 'video');
    if (!row?.mediaPath) throw new ValidationError({ videoUrl: VIDEO_NOT_FOUND });
    const videoUrl = mediaUrlFor(row.mediaPath);
    if (await this.records.isUsedByPost(row.id, videoUrl)) throw new ValidationError({ videoUrl: VIDEO_ALREADY_POSTED });
    return {
      videoUrl,
      posterUrl: row.posterPath ? mediaUrlFor(row.posterPath) : null,
      duration: row.duration,
      width: row.width,
      height: row.height,
      uploadId: row.id,
    };
  }

  async claimImage(ownerUid: string, url: string): Promise<string> {
    const row = await this.ownFinishedUpload(ownerUid, url, 'image');
    if (!row?.mediaPath) throw new ValidationError({ photoURL: PHOTO_NOT_FOUND });
    return mediaUrlFor(row.mediaPath);
  }

  async deleteMedia(urls: string[]): Promise<void> {
    const rows = new Map<string, Upload>();
    for (const url of urls) {
      const mediaPath = mediaPathFromUrl(url);
      const row = mediaPath ? await this.records.findCompleteByPath(mediaPath) : null;
      if (row) rows.set(row.id, row);
    }
    await this.removeAll([...rows.values()]);
  }

  async deleteAllOf(ownerUid: string): Promise<void> {
    await this.removeAll(await this.records.listByOwner(ownerUid));
  }

  /** Deletes unfinished uploads older than 24 hours; returns how many. */
  async sweepExpired(now = Date.now()): Promise<number> {
    let removed = 0;
    for (;;) {
      const batch = await this.records.listPendingCreatedBefore(new Date(now - UPLOAD_EXPIRY_MS));
      if (!batch.length) return removed;
      await this.removeAll(batch);
      removed += batch.length;
    }
  }

  private async ownFinishedUpload(ownerUid: string, url: string, kind: Upload['kind']): Promise<Upload | null> {
    const mediaPath = typeof url === 'string' ? mediaPathFromUrl(url) : null;
    if (!mediaPath) return null;
    const row = await this.records.findCompleteByPath(mediaPath);
    if (!row || row.kind !== kind || row.ownerUid !== ownerUid || row.mediaPath !== mediaPath) return null;
    return row;
  }

  /** Files first, then rows: a crash in between leaves a row pointing at nothing, never an orphan file. */
  private async removeAll(rows: Upload[]): Promise<void> {
    if (!rows.length) return;
    const finishedPaths = rows.flatMap((row) => [row.mediaPath, row.posterPath]).filter((p): p is string => !!p);
    await this.store.remove(finishedPaths);
    for (const row of rows) if (row.status !== 'complete') await this.store.discardUpload(row.id);
    await this.records.delete(rows.map((row) => row.id));
  }
}
