import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Data export archives (issue 29): a student's 'Download my data' ZIP, built by a queued job.
 * `store_path` is its file in the media store (`exports/{random}.zip`, never served by /media);
 * it may be downloaded by its owner until `expires_at`, then the hourly sweep deletes row and file.
 * At most one pending archive per student (a partial unique index: a second request while one is
 * pending answers that one). No foreign key to users: a deleted account's archive is found and
 * deleted by the sweep, file and all, where a cascade would drop the row and leave the file behind.
 */
export class DataExportArchives1765000000000 implements MigrationInterface {
  name = 'DataExportArchives1765000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE data_export_archives (
        id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_uid   text NOT NULL,
        status     text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ready', 'failed')),
        store_path text,
        size       bigint,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        expires_at timestamptz(3) NOT NULL
      )`);
    await runner.query(`CREATE UNIQUE INDEX data_export_archives_one_pending ON data_export_archives (user_uid) WHERE status = 'pending'`);
    await runner.query(`CREATE INDEX data_export_archives_user ON data_export_archives (user_uid, created_at)`);
    await runner.query(`CREATE INDEX data_export_archives_expiry ON data_export_archives (expires_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE data_export_archives`);
  }
}
