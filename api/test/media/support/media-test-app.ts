import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { TokenVerifier } from '../../../src/infra/identity/token-verifier';
import { loadConfig, type S3Config } from '../../../src/config';
import { openDatabase, type Database } from '../../../src/infra/db/data-source';
import { ENTITIES } from '../../../src/modules/entities';
import { createMedia, type Media } from '../../../src/http/create-media';
import { createRateLimiter } from '../../../src/infra/rate-limit/rate-limiter';
import type { MediaLogger } from '../../../src/modules/uploads';

export interface MediaTestApp {
  baseUrl: string;
  media: Media;
  database: Database;
  mediaDir: string;
  close(): Promise<void>;
}

/**
 * The media router on a real HTTP server, with a real TokenVerifier (Auth emulator) and the run's
 * PostgreSQL database, mounted the way the app mounts it: first, before any body parser.
 */
export async function startMediaTestApp(
  options: { s3?: S3Config; env?: Record<string, string>; logger?: MediaLogger } = {},
): Promise<MediaTestApp> {
  const mediaDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'campus-media-test-'));
  const config = { ...loadConfig({ ...process.env, ...options.env }), mediaDir, s3: options.s3 ?? null };
  const database = await openDatabase(config, ENTITIES);
  const verifier = new TokenVerifier(config);
  // Upload limits are shown through the whole app (test/api/rate-limits.test.ts); these suites upload a lot.
  const limits = createRateLimiter({ enabled: false, redisUrl: null });
  const media = await createMedia({ config, dataSource: database.dataSource, verifier, limits, logger: options.logger });
  const app = express();
  app.use(media.router);
  app.use(express.json());
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    media,
    database,
    mediaDir,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await media.close();
      await verifier.close();
      await database.close();
      await fsp.rm(mediaDir, { recursive: true, force: true });
    },
  };
}
