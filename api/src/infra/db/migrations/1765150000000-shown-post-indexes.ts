import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes of the posts anyone may see (ready, not hidden for review: posts' publicPostStateSql),
 * for the feeds (issue 30). Explore walked posts_recent newest first and fetched each post to
 * drop the ones processing, hidden, followed or muted (2,290 rows fetched for 11 kept on one
 * campus run); these hold only the posts a reader may see, with the author in the index, so the
 * walk judges authors from the index alone (an index-only scan) and fetches the 11 it keeps.
 * Home's per-followee probes read the first: 11 index entries a followee, no post rows.
 */
export class ShownPostIndexes1765150000000 implements MigrationInterface {
  name = 'ShownPostIndexes1765150000000';

  async up(runner: QueryRunner): Promise<void> {
    const shown = `status = 'ready' AND NOT hidden_for_review`;
    await runner.query(`CREATE INDEX posts_author_shown ON posts (author_uid, created_at DESC, id DESC) WHERE ${shown}`);
    await runner.query(`CREATE INDEX posts_shown_recent ON posts (created_at DESC, id DESC) INCLUDE (author_uid) WHERE ${shown}`);
    await runner.query(
      `CREATE INDEX posts_campus_shown_recent ON posts (author_campus_id, created_at DESC, id DESC) INCLUDE (author_uid)
        WHERE author_campus_id IS NOT NULL AND ${shown}`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX posts_campus_shown_recent`);
    await runner.query(`DROP INDEX posts_shown_recent`);
    await runner.query(`DROP INDEX posts_author_shown`);
  }
}
