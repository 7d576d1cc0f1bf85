import { randomBytes } from 'node:crypto';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Hidden posts' files and the counts a reader sees (issue 23, item 12):
 * - `app_keys` holds secrets every api instance shares; 'media-access' signs the short-lived
 *   grants with which the author and moderators fetch the files of a post /media serves to no one
 *   else (infra/media/media-access.ts). Made here, once per database, from the OS's random source.
 * - `users.public_post_count`: the posts of a student that anyone may see by their own state
 *   (ready and not hidden for review: posts/post-visibility.ts says the same), kept by a trigger
 *   as `post_count` is, so a profile's postCount for others is read from the row, with no count.
 * - `comments (author_uid, post_id)`: a post's comment count leaves out the comments of the few
 *   people a reader's threads hide; this finds them per person and post. It serves every lookup
 *   `comments_author (author_uid)` did, which goes.
 */
export class HiddenMediaAndVisibleCounts1764730000000 implements MigrationInterface {
  name = 'HiddenMediaAndVisibleCounts1764730000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE app_keys (name text PRIMARY KEY, secret text NOT NULL)`);
    await runner.query(`INSERT INTO app_keys (name, secret) VALUES ('media-access', $1)`, [randomBytes(32).toString('hex')]);

    await runner.query(
      `ALTER TABLE users ADD COLUMN public_post_count integer NOT NULL DEFAULT 0 CONSTRAINT users_public_post_count_check CHECK (public_post_count >= 0)`,
    );
    await runner.query(`
      UPDATE users u SET public_post_count = c.n
        FROM (SELECT author_uid, count(*) AS n FROM posts WHERE status = 'ready' AND NOT hidden_for_review GROUP BY author_uid) c
       WHERE u.firebase_uid = c.author_uid`);
    await runner.query(`
      CREATE FUNCTION count_public_post() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        was_public boolean := TG_OP <> 'INSERT' AND OLD.status = 'ready' AND NOT OLD.hidden_for_review;
        is_public boolean := TG_OP <> 'DELETE' AND NEW.status = 'ready' AND NOT NEW.hidden_for_review;
      BEGIN
        IF is_public AND NOT was_public THEN
          UPDATE users SET public_post_count = public_post_count + 1 WHERE firebase_uid = NEW.author_uid;
        ELSIF was_public AND NOT is_public THEN
          UPDATE users SET public_post_count = public_post_count - 1 WHERE firebase_uid = OLD.author_uid;
        END IF;
        RETURN NULL;
      END $$`);
    await runner.query(
      `CREATE TRIGGER posts_public_count AFTER INSERT OR DELETE OR UPDATE OF status, hidden_for_review ON posts
         FOR EACH ROW EXECUTE FUNCTION count_public_post()`,
    );

    await runner.query(`CREATE INDEX comments_author_post ON comments (author_uid, post_id)`);
    await runner.query(`DROP INDEX comments_author`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE INDEX comments_author ON comments (author_uid)`);
    await runner.query(`DROP INDEX comments_author_post`);
    await runner.query(`DROP TRIGGER posts_public_count ON posts`);
    await runner.query(`DROP FUNCTION count_public_post()`);
    await runner.query(`ALTER TABLE users DROP COLUMN public_post_count`);
    await runner.query(`DROP TABLE app_keys`);
  }
}
