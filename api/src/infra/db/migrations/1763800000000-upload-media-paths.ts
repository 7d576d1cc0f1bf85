import type { MigrationInterface, QueryRunner } from 'typeorm';

/** /media playback and post deletion look uploads up by the file path they became. */
export class UploadMediaPaths1763800000000 implements MigrationInterface {
  name = 'UploadMediaPaths1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE UNIQUE INDEX uploads_media_path ON uploads (media_path) WHERE media_path IS NOT NULL`);
    await runner.query(`CREATE UNIQUE INDEX uploads_poster_path ON uploads (poster_path) WHERE poster_path IS NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX IF EXISTS uploads_poster_path`);
    await runner.query(`DROP INDEX IF EXISTS uploads_media_path`);
  }
}
