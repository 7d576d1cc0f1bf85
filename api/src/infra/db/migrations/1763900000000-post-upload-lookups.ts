import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * createPost refuses an upload that is already in a post (`upload_id = $1 OR video_url = $2`):
 * without these indexes that check read every post (a sequential scan per new post at campus scale).
 */
export class PostUploadLookups1763900000000 implements MigrationInterface {
  name = 'PostUploadLookups1763900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE INDEX posts_upload_id ON posts (upload_id) WHERE upload_id IS NOT NULL`);
    await runner.query(`CREATE INDEX posts_video_url ON posts (video_url)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX IF EXISTS posts_video_url`);
    await runner.query(`DROP INDEX IF EXISTS posts_upload_id`);
  }
}
