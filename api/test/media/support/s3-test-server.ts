import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { S3Config } from '../../../src/config';

/* eslint-disable @typescript-eslint/no-require-imports */
const S3rver = require('s3rver');

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  type: string;
  body: unknown;
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
}

/**
 * s3rver (an S3-compatible server on local disk) plus the two multipart calls @tus/s3-store needs
 * and s3rver lacks: ListParts and AbortMultipartUpload, answered from s3rver's own part files.
 */
export async function startS3TestServer(bucket = 'campus-media'): Promise<{ s3: S3Config; directory: string; close(): Promise<void> }> {
  const directory = await fsp.mkdtemp(path.join(os.tmpdir(), 'campus-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  server.middleware.unshift(multipartShim);
  const address = (await server.run()) as { address: string; port: number };
  return {
    directory,
    s3: {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${address.port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      await fsp.rm(directory, { recursive: true, force: true });
    },
  };
}

async function multipartShim(ctx: KoaContext, next: () => Promise<void>): Promise<void> {
  const uploadId = ctx.query.uploadId;
  if (!uploadId || (ctx.method !== 'GET' && ctx.method !== 'DELETE')) return next();
  const [, bucket, ...keyParts] = ctx.path.split('/');
  const key = decodeURIComponent(keyParts.join('/'));
  const dir = path.join(ctx.store.getResourcePath(bucket!, undefined, 'uploads'), uploadId);
  if (!fs.existsSync(dir)) {
    ctx.status = 404;
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
    return;
  }
  if (ctx.method === 'DELETE') {
    await fsp.rm(dir, { recursive: true, force: true });
    ctx.status = 204;
    return;
  }
  const numbers = (await fsp.readdir(dir))
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .sort((a, b) => a - b);
  const parts = await Promise.all(
    numbers.map(async (n) => {
      const [stat, md5] = await Promise.all([fsp.stat(path.join(dir, String(n))), fsp.readFile(path.join(dir, `${n}.md5`), 'utf8')]);
      return `<Part><PartNumber>${n}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${stat.size}</Size></Part>`;
    }),
  );
  ctx.status = 200;
  ctx.type = 'application/xml';
  ctx.body =
    `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
    `<Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>0</PartNumberMarker>` +
    `<NextPartNumberMarker>${numbers.at(-1) ?? 0}</NextPartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>` +
    `${parts.join('')}</ListPartsResult>`;
}
