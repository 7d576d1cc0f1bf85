import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { ByteRange } from './byte-range';
import { isStorePath } from './media-names';
import { UPLOAD_EXPIRY_MS, type LocalCopy, type MediaStore } from './media-store';

const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** An S3-compatible bucket (config.ts reads it from S3_* settings). */
export interface S3Config {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

function clientConfig(s3: S3Config): S3ClientConfig {
  return {
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
    // Checksums only where S3 requires them: many S3-compatible stores reject the newer
    // streaming-checksum encodings that the SDK would otherwise add to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/** Media in an S3-compatible bucket: tus writes multipart uploads, playback reads with ranged GETs. */
export async function createS3MediaStore(s3: S3Config): Promise<MediaStore> {
  const { S3Store } = await import('@tus/s3-store');
  const config = clientConfig(s3);
  const client = new S3Client(config);
  const tusStore = new S3Store({
    s3ClientConfig: { ...config, bucket: s3.bucket },
    expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
    // Expiry is enforced by our own sweep from the database, so object tagging (which not every
    // S3-compatible store has) is not needed.
    useTags: false,
  });
  const Bucket = s3.bucket;
  const checkPath = (mediaPath: string) => {
    if (!isStorePath(mediaPath)) throw new Error(`Refusing unsafe media path "${mediaPath}"`);
    return mediaPath;
  };
  /** An object copied to a temporary file ffprobe/ffmpeg can read. */
  const download = async (Key: string): Promise<LocalCopy> => {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'campus-clips-copy-'));
    const file = path.join(dir, 'object');
    try {
      const object = await client.send(new GetObjectCommand({ Bucket, Key }));
      await pipeline(object.Body as Readable, fs.createWriteStream(file));
    } catch (error) {
      await fsp.rm(dir, { recursive: true, force: true });
      throw error;
    }
    return { file, release: () => fsp.rm(dir, { recursive: true, force: true }) };
  };

  const discard = async (uploadId: string): Promise<void> => {
    try {
      await tusStore.remove(uploadId); // aborts an unfinished multipart upload
    } catch {
      // already finished or gone: the objects below are what is left
    }
    await client.send(
      new DeleteObjectsCommand({
        Bucket,
        Delete: { Objects: [{ Key: uploadId }, { Key: `${uploadId}.info` }, { Key: `${uploadId}.part` }], Quiet: true },
      }),
    );
  };

  return {
    description: `S3 bucket ${s3.bucket}${s3.endpoint ? ` at ${s3.endpoint}` : ''}`,
    tusStore,

    localCopyOfUpload: (uploadId: string) => download(uploadId),

    async localCopy(storePath: string): Promise<LocalCopy> {
      return download(checkPath(storePath));
    },

    async promoteUpload(uploadId: string, mediaPath: string, contentType: string): Promise<void> {
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key: checkPath(mediaPath),
          CopySource: `${Bucket}/${encodeURIComponent(uploadId)}`,
          MetadataDirective: 'REPLACE',
          ContentType: contentType,
          CacheControl: IMMUTABLE_CACHE,
        }),
      );
      await discard(uploadId);
    },

    discardUpload: discard,

    async putFile(mediaPath: string, localFile: string, contentType: string): Promise<void> {
      const { size } = await fsp.stat(localFile);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkPath(mediaPath),
          Body: fs.createReadStream(localFile),
          ContentLength: size,
          ContentType: contentType,
          CacheControl: IMMUTABLE_CACHE,
        }),
      );
    },

    async stat(mediaPath: string) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkPath(mediaPath) }));
        return { size: Number(head.ContentLength ?? 0) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async read(mediaPath: string, range: ByteRange | null): Promise<Readable> {
      const object = await client.send(
        new GetObjectCommand({ Bucket, Key: checkPath(mediaPath), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return object.Body as Readable;
    },

    async remove(mediaPaths: string[]): Promise<void> {
      const keys = mediaPaths.filter(isStorePath);
      if (!keys.length) return;
      await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
    },

    async close(): Promise<void> {
      client.destroy();
    },
  };
}
