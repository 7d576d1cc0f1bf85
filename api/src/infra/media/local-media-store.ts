import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange } from './byte-range';
import { isStorePath } from './media-names';
import { UPLOAD_EXPIRY_MS, type LocalCopy, type MediaStore } from './media-store';

/** Unfinished uploads live in a hidden folder beside the media, so promoting one is a rename. */
const INCOMING_DIR = '.incoming';
const WRITE_BUFFER_BYTES = 1024 * 1024;

export async function createLocalMediaStore(mediaDir: string): Promise<MediaStore> {
  const { FileStore } = await import('@tus/file-store');
  const { ERRORS } = await import('@tus/utils');
  /**
   * FileStore, writing through a 1 MiB buffer: with the default 16 KiB one every 64 KiB read from
   * the network waited for its own disk write, and a 100 MB upload ran at a fraction of the disk's
   * speed (bench/uploads.mjs).
   */
  class BufferedFileStore extends FileStore {
    override async write(readable: Readable, fileId: string, offset: number): Promise<number> {
      const writable = fs.createWriteStream(incomingFile(fileId), { flags: 'r+', start: offset, highWaterMark: WRITE_BUFFER_BYTES });
      try {
        await pipeline(readable, writable);
      } catch {
        throw ERRORS.FILE_WRITE_ERROR;
      }
      return offset + writable.bytesWritten;
    }
  }
  const incoming = path.join(mediaDir, INCOMING_DIR);
  await fsp.mkdir(incoming, { recursive: true });
  const tusStore = new BufferedFileStore({ directory: incoming, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });

  const resolveMedia = (mediaPath: string): string => {
    if (!isStorePath(mediaPath)) throw new Error(`Refusing unsafe media path "${mediaPath}"`);
    return path.join(mediaDir, mediaPath);
  };
  const incomingFile = (uploadId: string): string => {
    if (!/^[A-Za-z0-9_-]+$/.test(uploadId)) throw new Error(`Refusing unsafe upload id "${uploadId}"`);
    return path.join(incoming, uploadId);
  };

  return {
    description: `local disk at ${mediaDir}`,
    tusStore,

    async localCopyOfUpload(uploadId: string): Promise<LocalCopy> {
      return { file: incomingFile(uploadId), release: async () => undefined };
    },

    async localCopy(storePath: string): Promise<LocalCopy> {
      return { file: resolveMedia(storePath), release: async () => undefined };
    },

    async promoteUpload(uploadId: string, mediaPath: string): Promise<void> {
      const target = resolveMedia(mediaPath);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(incomingFile(uploadId), target);
      await fsp.rm(`${incomingFile(uploadId)}.json`, { force: true });
    },

    async discardUpload(uploadId: string): Promise<void> {
      await fsp.rm(incomingFile(uploadId), { force: true });
      await fsp.rm(`${incomingFile(uploadId)}.json`, { force: true });
    },

    async putFile(mediaPath: string, localFile: string): Promise<void> {
      const target = resolveMedia(mediaPath);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.copyFile(localFile, target);
    },

    async stat(mediaPath: string) {
      try {
        const info = await fsp.stat(resolveMedia(mediaPath));
        return info.isFile() ? { size: info.size } : null;
      } catch {
        return null;
      }
    },

    async read(mediaPath: string, range: ByteRange | null): Promise<Readable> {
      return fs.createReadStream(resolveMedia(mediaPath), range ? { start: range.start, end: range.end } : {});
    },

    async remove(mediaPaths: string[]): Promise<void> {
      await Promise.all(mediaPaths.filter(isStorePath).map((mediaPath) => fsp.rm(resolveMedia(mediaPath), { force: true })));
    },

    async close(): Promise<void> {},
  };
}
