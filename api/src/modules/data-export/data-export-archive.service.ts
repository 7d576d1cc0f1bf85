import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DataSource } from 'typeorm';
import { ZipFile } from 'yazl';
import { randomMediaName } from '../../infra/media/media-names';
import type { MediaStore } from '../../infra/media/media-store';
import type { JobQueue, QueuedJob } from '../../infra/queue/job-queue';
import { NotFoundError } from '../../shared/errors';
import type { Viewer } from '../../shared/viewer';
import type { DataExportService } from './data-export.service';

export const DATA_EXPORT_QUEUE = 'data-export-archive';
/** How long a finished archive may be downloaded (then the sweep deletes it), as Mastodon's. */
export const ARCHIVE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const RETRY_LIMIT = 2;

export type ArchiveStatus = 'pending' | 'ready' | 'failed';

/** What the student is told about their latest archive. */
export interface ArchiveState {
  id: string;
  status: ArchiveStatus;
  createdAt: Date;
  expiresAt: Date;
  /** Bytes of the ZIP once ready. */
  size: number | null;
  /** The authenticated route that streams it to its owner, once ready. */
  downloadUrl: string | null;
}

interface ArchiveRow {
  id: string;
  user_uid: string;
  status: ArchiveStatus;
  store_path: string | null;
  size: string | number | null;
  created_at: Date;
  expires_at: Date;
}

/**
 * 'Download my data' as an archive (issue 29): a queued job writes a ZIP of data.json (the JSON
 * export) and the student's own media files (everything their uploads put in the store: originals,
 * renditions, posters, profile photos, caption files), stores it under a random name outside every
 * public folder (`exports/`, never served by /media), and the owner alone downloads it through an
 * authenticated route until it expires. One pending archive per student (a unique partial index).
 */
export class DataExportArchiveService {
  constructor(
    private readonly db: DataSource,
    private readonly exporter: DataExportService,
    private readonly deps: { queue: JobQueue; store: MediaStore },
  ) {}

  async defineQueue(): Promise<void> {
    await this.deps.queue.defineQueue(DATA_EXPORT_QUEUE, {
      retryLimit: RETRY_LIMIT,
      retryDelaySeconds: 30,
      expireInSeconds: 30 * 60,
      heartbeatSeconds: 30,
    });
  }

  /** Runs archive jobs in this process (the api's in-process workers and `npm run worker`). */
  async startWorkers(concurrency = 1): Promise<void> {
    await this.deps.queue.work<{ archiveId: string }>(DATA_EXPORT_QUEUE, concurrency, (job) => this.runJob(job));
  }

  /** Asks for a new archive; while one is being prepared, that one is the answer. */
  async request(viewer: Viewer): Promise<ArchiveState> {
    return this.db.transaction(async (tx) => {
      const inserted: ArchiveRow[] = await tx.query(
        `INSERT INTO data_export_archives (user_uid, expires_at) VALUES ($1, now() + $2 * interval '1 millisecond')
         ON CONFLICT (user_uid) WHERE status = 'pending' DO NOTHING RETURNING *`,
        [viewer.uid, ARCHIVE_LIFETIME_MS],
      );
      if (inserted[0]) {
        await this.deps.queue.sendWithin(tx, DATA_EXPORT_QUEUE, { archiveId: inserted[0].id }, { group: viewer.uid });
        return this.describe(inserted[0]);
      }
      const [pending]: ArchiveRow[] = await tx.query(`SELECT * FROM data_export_archives WHERE user_uid = $1 AND status = 'pending'`, [
        viewer.uid,
      ]);
      return this.describe(pending!);
    });
  }

  /** The caller's latest archive that has not expired, or null. */
  async latest(viewer: Viewer): Promise<ArchiveState | null> {
    const [row]: ArchiveRow[] = await this.db.query(
      `SELECT * FROM data_export_archives WHERE user_uid = $1 AND expires_at > now() ORDER BY created_at DESC LIMIT 1`,
      [viewer.uid],
    );
    return row ? this.describe(row) : null;
  }

  /** The caller's own ready archive, as a stream; anyone else's, or an expired one, is not found. */
  async open(viewer: Viewer, archiveId: string): Promise<{ stream: Readable; size: number; createdAt: Date }> {
    const [row]: ArchiveRow[] = await this.db.query(
      `SELECT * FROM data_export_archives
        WHERE id::text = $1 AND user_uid = $2 AND status = 'ready' AND expires_at > now() AND store_path IS NOT NULL`,
      [archiveId, viewer.uid],
    );
    if (!row) throw new NotFoundError('Archive not found or expired');
    return { stream: await this.deps.store.read(row.store_path!, null), size: Number(row.size), createdAt: row.created_at };
  }

  /**
   * Deletes expired archives (row and file), and those of accounts that no longer exist; returns
   * how many. Run every hour by the process (data-export-wiring.ts).
   */
  async sweepExpired(): Promise<number> {
    const removed: Array<{ store_path: string | null }> = await this.db.query(
      // (In a WITH: TypeORM answers a bare DELETE ... RETURNING as [rows, count].)
      `WITH gone AS (
         DELETE FROM data_export_archives a
          WHERE a.expires_at <= now() OR NOT EXISTS (SELECT 1 FROM users u WHERE u.firebase_uid = a.user_uid)
          RETURNING a.store_path)
       SELECT store_path FROM gone`,
    );
    const paths = removed.flatMap((row) => (row.store_path ? [row.store_path] : []));
    if (paths.length) await this.deps.store.remove(paths);
    return removed.length;
  }

  /** One job: writes the ZIP, stores it, marks the archive ready (or failed after its last retry). */
  async runJob(job: QueuedJob<{ archiveId: string }>): Promise<void> {
    try {
      await this.build(job.data.archiveId);
    } catch (error) {
      if (job.retryCount >= RETRY_LIMIT) {
        await this.db.query(`UPDATE data_export_archives SET status = 'failed' WHERE id = $1 AND status = 'pending'`, [job.data.archiveId]);
      }
      throw error;
    }
  }

  private async build(archiveId: string): Promise<void> {
    const [row]: ArchiveRow[] = await this.db.query(`SELECT * FROM data_export_archives WHERE id = $1 AND status = 'pending'`, [archiveId]);
    if (!row) return;
    const data = await this.exporter.forStudent(row.user_uid);
    const media: Array<{ path: string }> = await this.db.query(
      `SELECT f.path FROM media_files f JOIN uploads u ON u.id = f.upload_id WHERE u.owner_uid = $1
        UNION
       SELECT original_path FROM uploads WHERE owner_uid = $1 AND original_path IS NOT NULL
        ORDER BY 1`,
      [row.user_uid],
    );
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'campus-export-'));
    const zipFile = path.join(dir, 'archive.zip');
    try {
      const zip = new ZipFile();
      zip.addBuffer(Buffer.from(`${JSON.stringify(data, null, 2)}\n`), 'data.json');
      for (const { path: storePath } of media) {
        if (!(await this.deps.store.stat(storePath))) continue;
        // Opened one at a time as the ZIP is written (an S3 store's files are not all fetched at once);
        // video and pictures are compressed already, so they are stored as they are.
        zip.addReadStreamLazy(`media/${storePath}`, { compress: false }, (done) => {
          this.deps.store.read(storePath, null).then(
            (stream) => done(null, stream),
            (error: unknown) => done(error, undefined as never),
          );
        });
      }
      zip.end();
      await pipeline(zip.outputStream, fs.createWriteStream(zipFile));
      const { size } = await fsp.stat(zipFile);
      const storePath = `exports/${randomMediaName()}.zip`;
      await this.deps.store.putFile(storePath, zipFile, 'application/zip');
      const updated: unknown[] = await this.db.query(
        `WITH done AS (
           UPDATE data_export_archives SET status = 'ready', store_path = $2, size = $3, expires_at = now() + $4 * interval '1 millisecond'
            WHERE id = $1 AND status = 'pending' RETURNING id)
         SELECT id FROM done`,
        [archiveId, storePath, size, ARCHIVE_LIFETIME_MS],
      );
      // Swept (the account was deleted) while it was written: its file goes too.
      if (!updated.length) await this.deps.store.remove([storePath]);
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  }

  private describe(row: ArchiveRow): ArchiveState {
    return {
      id: row.id,
      status: row.status,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      size: row.size === null ? null : Number(row.size),
      downloadUrl: row.status === 'ready' ? `/api/users/${row.user_uid}/data-export/archives/${row.id}` : null,
    };
  }
}
