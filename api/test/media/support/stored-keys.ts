import fsp from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../../src/config';

/** Every file the media store holds, as paths relative to its root (disk) or keys (bucket). */
export type ListStoredKeys = () => Promise<string[]>;

export function listDiskKeys(root: string): ListStoredKeys {
  return async () => {
    const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  };
}

export function listBucketKeys(s3: S3Config): ListStoredKeys {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId!, secretAccessKey: s3.secretAccessKey! },
  });
  return async () => {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token }));
      keys.push(...(page.Contents ?? []).map((object) => object.Key!));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  };
}
