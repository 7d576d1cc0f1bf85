import { checkVideoMetadata } from '@campus-clips/rules';
import type { EntityManager } from 'typeorm';
import { ValidationError } from '../../shared/errors';
import { mediaPathFromUrl, mediaUrlFor } from '../../infra/media/media-names';
import { CAPTION_CONTENT_TYPE } from './finish-upload';
import type { CaptionUpload, MediaService, PictureFile, VideoFacts } from './media-service';
import { picturesFromStored, type StoredPicture } from './stored-pictures';
import type { MediaAccess } from '../../infra/media/media-access';
import { UPLOAD_EXPIRY_MS, type MediaStore } from '../../infra/media/media-store';
import type { UploadRecords } from './upload-records';
import { Upload } from './upload.entity';
import { uploadPolicy } from './upload.policy';

const VIDEO_NOT_FOUND = 'Please upload your video again: that upload was not found.';
const VIDEO_ALREADY_POSTED = 'This video is already in a post. Please upload it again to post it twice.';
const PHOTO_NOT_FOUND = 'Please upload your photo again: that upload was not found.';
const CAPTIONS_NOT_FOUND = 'Please choose the caption file again: that upload was not found.';

/** MediaService over the uploads table: posts and profiles may only use the caller's own finished uploads. */
export class UploadMediaService implements MediaService {
  constructor(
    private readonly store: MediaStore,
    private readonly records: UploadRecords,
    private readonly access: MediaAccess,
  ) {}

  grantAccess(url: string): string {
    return this.access.grant(url);
  }

  async claimVideo(ownerUid: string, url: string): Promise<VideoFacts> {
    const row = await this.ownFinishedUpload(ownerUid, url, 'video');
    if (!row?.mediaPath) throw new ValidationError({ videoUrl: VIDEO_NOT_FOUND });
    const videoUrl = mediaUrlFor(row.mediaPath);
    if (await this.records.isUsedByPost(row.id, videoUrl)) throw new ValidationError({ videoUrl: VIDEO_ALREADY_POSTED });
    // Uploaded before the limits were what they are now: the same words as a refused upload.
    const tooBig = checkVideoMetadata({ duration: row.duration, width: row.width ?? 0, height: row.height ?? 0 });
    if (tooBig) throw new ValidationError({ videoUrl: tooBig });
    return {
      videoUrl,
      posterUrl: row.posterPath ? mediaUrlFor(row.posterPath) : null,
      duration: row.duration,
      width: row.width,
      height: row.height,
      uploadId: row.id,
    };
  }

  async picturesOf(urls: readonly string[]): Promise<Map<string, PictureFile[]>> {
    const byPath = new Map(
      urls.map((url) => [mediaPathFromUrl(url), url] as const).filter((entry): entry is [string, string] => !!entry[0]),
    );
    const stored = new Map<string, StoredPicture[]>(urls.map((url) => [url, []]));
    const rows = await this.records.siblingsOf([...byPath.keys()]);
    for (const row of rows) stored.get(byPath.get(row.of)!)?.push(storedPicture(row));
    return new Map([...stored].map(([url, pictures]) => [url, picturesFromStored(pictures)]));
  }

  async storedPicturesOf(url: string | null, transaction?: EntityManager): Promise<StoredPicture[]> {
    const mediaPath = url ? mediaPathFromUrl(url) : null;
    if (!mediaPath) return [];
    return (await this.records.siblingsOf([mediaPath], transaction)).map(storedPicture);
  }

  async claimImage(ownerUid: string, url: string): Promise<string> {
    const row = await this.ownFinishedUpload(ownerUid, url, 'image');
    if (!row?.mediaPath) throw new ValidationError({ photoURL: PHOTO_NOT_FOUND });
    return mediaUrlFor(row.mediaPath);
  }

  async readCaptionUpload(ownerUid: string, url: string, field: string): Promise<CaptionUpload> {
    const row = await this.ownFinishedUpload(ownerUid, url, 'caption');
    if (!row?.mediaPath) throw new ValidationError({ [field]: CAPTIONS_NOT_FOUND });
    const chunks: Buffer[] = [];
    for await (const chunk of await this.store.read(row.mediaPath, null)) chunks.push(chunk as Buffer);
    return { uploadId: row.id, path: row.mediaPath, text: Buffer.concat(chunks).toString('utf8') };
  }

  async attachCaptionUpload(tx: EntityManager, caption: CaptionUpload, videoUploadId: string, field: string): Promise<void> {
    // Deleting the record is the claim: a second post taking the same upload finds none.
    const claimed = await tx
      .createQueryBuilder()
      .delete()
      .from(Upload)
      .where('id = :id AND kind = :kind AND status = :status', { id: caption.uploadId, kind: 'caption', status: 'complete' })
      .execute();
    if (!claimed.affected) throw new ValidationError({ [field]: CAPTIONS_NOT_FOUND });
    await this.records.addServedFiles(
      videoUploadId,
      [{ path: caption.path, contentType: CAPTION_CONTENT_TYPE, width: null, height: null }],
      tx,
    );
  }

  async removeServedFiles(urls: string[]): Promise<void> {
    const paths = urls.map((url) => mediaPathFromUrl(url)).filter((p): p is string => !!p);
    if (!paths.length) return;
    // Files first, then rows (as removeAll): a crash between leaves a listing of nothing, never an orphan file.
    await this.store.remove(paths);
    await this.records.removeServedFiles(paths);
  }

  async deleteMedia(urls: string[]): Promise<void> {
    const rows = new Map<string, Upload>();
    for (const url of urls) {
      const mediaPath = mediaPathFromUrl(url);
      if (!mediaPath) continue;
      // A rendition or poster names its upload through media_files; the upload's own name directly.
      const served = await this.records.servedFile(mediaPath);
      const row = served ? await this.records.get(served.uploadId) : await this.records.findCompleteByPath(mediaPath);
      if (row) rows.set(row.id, row);
    }
    await this.removeAll([...rows.values()]);
  }

  async deleteUploads(uploadIds: string[]): Promise<void> {
    const rows = await Promise.all(uploadIds.map((id) => this.records.get(id)));
    await this.removeAll(rows.filter((row): row is Upload => row !== null));
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
    // Someone else's upload answers as a missing one: a guessed URL learns nothing.
    if (!row || row.kind !== kind || !uploadPolicy.can({ uid: ownerUid }, 'use', row) || row.mediaPath !== mediaPath) return null;
    return row;
  }

  /** Files first, then rows: a crash in between leaves a row pointing at nothing, never an orphan file. */
  private async removeAll(rows: Upload[]): Promise<void> {
    if (!rows.length) return;
    await this.store.remove(await this.records.storePathsOf(rows));
    for (const row of rows) if (row.status !== 'complete') await this.store.discardUpload(row.id);
    await this.records.delete(rows.map((row) => row.id));
  }
}

/** A sibling row as a row keeps it: no width or height (never so for a sized copy) reads as 0, as it always has. */
function storedPicture(row: { path: string; contentType: string; width: number | null; height: number | null }): StoredPicture {
  return { path: row.path, type: row.contentType, width: row.width ?? 0, height: row.height ?? 0 };
}
