import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Videos are transcoded after the post is created (modules/video-processing):
 * - a post is 'processing', 'ready' or 'failed'; posts made before this were served as uploaded
 *   and stay visible ('ready'); new posts start 'processing';
 * - its renditions and poster pictures are recorded with their sizes;
 * - an upload keeps its original where /media cannot reach it (original_path);
 * - media_files lists every file /media may serve; playback serves nothing else. The files the
 *   uploads table named so far (media_path, poster_path) are listed, so they keep playing.
 */
export class VideoProcessing1764100000000 implements MigrationInterface {
  name = 'VideoProcessing1764100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE posts
        ADD COLUMN status text NOT NULL DEFAULT 'ready' CHECK (status IN ('processing', 'ready', 'failed')),
        ADD COLUMN processing_progress integer,
        ADD COLUMN failure_message text,
        ADD COLUMN renditions jsonb NOT NULL DEFAULT '[]',
        ADD COLUMN poster_sources jsonb NOT NULL DEFAULT '[]'
    `);
    await runner.query(`ALTER TABLE posts ALTER COLUMN status SET DEFAULT 'processing'`);
    // The author's own unfinished posts are the only ones read by status; everyone else reads 'ready'.
    await runner.query(`CREATE INDEX posts_unfinished_by_author ON posts (author_uid, created_at DESC) WHERE status <> 'ready'`);
    await runner.query(`ALTER TABLE uploads ADD COLUMN original_path text`);
    await runner.query(`
      CREATE TABLE media_files (
        path text PRIMARY KEY,
        upload_id text NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
        content_type text NOT NULL,
        width integer,
        height integer,
        created_at timestamptz(3) NOT NULL DEFAULT now()
      )
    `);
    await runner.query(`CREATE INDEX media_files_upload ON media_files (upload_id)`);
    await runner.query(`
      INSERT INTO media_files (path, upload_id, content_type, width, height)
      SELECT media_path, id, COALESCE(content_type, 'application/octet-stream'), width, height
        FROM uploads WHERE status = 'complete' AND media_path IS NOT NULL
      ON CONFLICT DO NOTHING
    `);
    await runner.query(`
      INSERT INTO media_files (path, upload_id, content_type)
      SELECT poster_path, id, 'image/jpeg' FROM uploads WHERE status = 'complete' AND poster_path IS NOT NULL
      ON CONFLICT DO NOTHING
    `);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE media_files');
    await runner.query('ALTER TABLE uploads DROP COLUMN original_path');
    await runner.query('DROP INDEX posts_unfinished_by_author');
    await runner.query(
      'ALTER TABLE posts DROP COLUMN status, DROP COLUMN processing_progress, DROP COLUMN failure_message, DROP COLUMN renditions, DROP COLUMN poster_sources',
    );
  }
}
