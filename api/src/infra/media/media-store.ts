import type { Readable } from 'node:stream';
import type { DataStore } from '@tus/utils' with { 'resolution-mode': 'import' };
import type { ByteRange } from './byte-range';

/** Pending uploads older than this are abandoned: tus refuses them (410) and the sweep deletes them. */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** A finished upload copied where ffprobe/ffmpeg can read it. */
export interface LocalCopy {
  file: string;
  release(): Promise<void>;
}

/**
 * Where media bytes live: local disk or an S3-compatible bucket. Everything above this interface
 * (uploads, playback, clean-up) is the same code for both.
 */
export interface MediaStore {
  readonly description: string;
  /** The tus data store that receives upload bytes. */
  readonly tusStore: DataStore;
  /** A finished upload as a local file ffprobe/ffmpeg can read; release() drops any temporary copy. */
  localCopyOfUpload(uploadId: string): Promise<LocalCopy>;
  /** A stored file (an original, a rendition) as a local file; release() drops any temporary copy. */
  localCopy(storePath: string): Promise<LocalCopy>;
  /** Moves a finished upload to its store path (public, or `originals/`), recording its content type where the store can. */
  promoteUpload(uploadId: string, mediaPath: string, contentType: string): Promise<void>;
  /** Deletes every trace of an unfinished or refused upload; missing pieces are fine. */
  discardUpload(uploadId: string): Promise<void>;
  putFile(mediaPath: string, localFile: string, contentType: string): Promise<void>;
  /** Size of a stored media file; null when it does not exist. */
  stat(mediaPath: string): Promise<{ size: number } | null>;
  read(mediaPath: string, range: ByteRange | null): Promise<Readable>;
  remove(mediaPaths: string[]): Promise<void>;
  close(): Promise<void>;
}
