import path from 'node:path';
import express from 'express';
import type { DataSource } from 'typeorm';
import type { Config } from '../config';
import type { RateLimiter } from '../infra/rate-limit/rate-limiter';
import type { TokenVerifier } from '../infra/identity/token-verifier';
import { BUNDLED_FFMPEG_WARNING } from '../infra/media/ffmpeg-binaries';
import { loadMediaAccess } from '../infra/media/media-access';
import { postMediaPublicSql } from '../modules/posts';
import {
  checkLeadingBytes,
  type MediaService,
  importMediaFile,
  type ImportedMedia,
  UploadMediaService,
  UploadRecords,
  type UploadKind,
  silentLogger,
  type MediaLogger,
} from '../modules/uploads';
import type { FfmpegBinaries } from '../infra/media/ffmpeg-binaries';
import type { MediaStore } from '../infra/media/media-store';
import { openMediaStore } from '../infra/media/open-media-store';
import { createPlaybackHandler } from './playback-endpoint';
import { createUploadEndpoint, UPLOAD_PATH } from './upload-endpoint';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface Media {
  service: MediaService;
  /** /uploads (tus) and /media/* (playback); mount before any body parser. */
  router: express.Router;
  store: MediaStore;
  records: UploadRecords;
  binaries: FfmpegBinaries;
  /** Deletes unfinished uploads older than 24 h; returns how many. Also runs every hour. */
  sweepExpired(): Promise<number>;
  /** Stores a local file as a finished upload of `ownerUid` (demo data, imports). */
  importFile(ownerUid: string, kind: UploadKind, file: string, fileName?: string): Promise<ImportedMedia>;
  close(): Promise<void>;
}

export async function createMedia(deps: {
  config: Config;
  dataSource: DataSource;
  verifier: TokenVerifier;
  limits: RateLimiter;
  logger?: MediaLogger;
}): Promise<Media> {
  const logger = deps.logger ?? silentLogger;
  const { source, ...binaries } = deps.config.ffmpeg;
  // Production refuses this build (config.ts); development may use it, said once at start.
  if (source === 'bundled') logger.warn({ ffmpeg: binaries.ffmpeg }, BUNDLED_FFMPEG_WARNING);
  const store = await openMediaStore(deps.config);
  checkLeadingBytes(store.tusStore);
  const records = new UploadRecords(deps.dataSource);
  const access = await loadMediaAccess(deps.dataSource);
  const service = new UploadMediaService(store, records, access);
  const uploads = await createUploadEndpoint({
    store,
    records,
    binaries,
    verifier: deps.verifier,
    limits: deps.limits,
    corsOrigins: deps.config.corsOrigins,
    logger,
  });
  const playback = createPlaybackHandler({ store, records, access, postIsPublic: postMediaPublicSql, logger });

  const router = express.Router();
  router.all([UPLOAD_PATH, `${UPLOAD_PATH}/*rest`], (req, res, next) => {
    uploads.handle(req, res).catch(next);
  });
  router.get('/media/*mediaPath', (req, res, next) => {
    playback(req, res).catch(next);
  });

  const sweep = async () => {
    const removed = await service.sweepExpired();
    if (removed) logger.info({ removed }, 'expired uploads swept');
    // Also whatever the store holds without a row (a crash between creating the two); some
    // S3-compatible stores cannot list multipart uploads, which only skips this extra pass.
    await store.tusStore.deleteExpired().catch((error: unknown) => logger.warn({ err: error }, 'store expiry pass skipped'));
    return removed;
  };
  const timer = setInterval(() => {
    sweep().catch((error) => logger.warn({ err: error }, 'upload sweep failed'));
  }, SWEEP_INTERVAL_MS);
  timer.unref();

  return {
    service,
    router,
    store,
    records,
    binaries,
    sweepExpired: sweep,
    importFile: (ownerUid, kind, file, fileName = path.basename(file)) =>
      importMediaFile({ store, records, binaries }, { ownerUid, kind, file, fileName }),
    async close() {
      clearInterval(timer);
      await store.close();
    },
  };
}
