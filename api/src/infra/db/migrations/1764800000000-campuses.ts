import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Campus identity (issue 25, D16):
 * - `campuses` and their e-mail `campus_domains` (a domain belongs to one campus: its primary
 *   key; stored lowercase ASCII without a trailing dot, as modules/campuses/campus-domains.ts
 *   writes it, which a CHECK holds it to). Short names are unique whatever their case.
 * - `users.campus_id`, the campus the student's address names (null: none), and `users.verified`,
 *   the token's `email_verified` as last seen (the badge; what a request may do is its own
 *   token's). Accounts made before this are unverified until their next sign-in says otherwise.
 * - `posts.author_campus_id`: the author's campus, copied onto each post so that a campus's
 *   newest posts and upcoming events are walked through their own indexes (Explore and Events
 *   with scope MINE), one statement a page. Triggers keep it: a new post takes its author's
 *   campus, and a student whose campus changes (the admin command adding or removing a domain)
 *   takes their posts along.
 */
export class Campuses1764800000000 implements MigrationInterface {
  name = 'Campuses1764800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE campuses (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (btrim(name) <> '' AND length(name) <= 100),
        short_name text NOT NULL CHECK (btrim(short_name) <> '' AND length(short_name) <= 20),
        created_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE UNIQUE INDEX campuses_short_name ON campuses (lower(short_name))`);
    await runner.query(`
      CREATE TABLE campus_domains (
        domain text PRIMARY KEY CHECK (domain = lower(domain) AND domain ~ '^[a-z0-9-]+(\\.[a-z0-9-]+)+$'),
        campus_id uuid NOT NULL REFERENCES campuses (id) ON DELETE CASCADE,
        created_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX campus_domains_campus ON campus_domains (campus_id)`);

    await runner.query(`ALTER TABLE users ADD COLUMN campus_id uuid REFERENCES campuses (id) ON DELETE SET NULL`);
    await runner.query(`ALTER TABLE users ADD COLUMN verified boolean NOT NULL DEFAULT false`);
    await runner.query(`CREATE INDEX users_campus ON users (campus_id)`);

    await runner.query(`ALTER TABLE posts ADD COLUMN author_campus_id uuid REFERENCES campuses (id) ON DELETE SET NULL`);
    await runner.query(
      `CREATE INDEX posts_campus_recent ON posts (author_campus_id, created_at DESC, id DESC) WHERE author_campus_id IS NOT NULL`,
    );
    await runner.query(
      `CREATE INDEX posts_campus_event_upcoming ON posts (author_campus_id, event_starts_at, id)
         WHERE event_starts_at IS NOT NULL AND author_campus_id IS NOT NULL`,
    );
    await runner.query(`
      CREATE FUNCTION post_author_campus() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.author_campus_id := (SELECT campus_id FROM users WHERE firebase_uid = NEW.author_uid);
        RETURN NEW;
      END $$`);
    await runner.query(`CREATE TRIGGER posts_author_campus BEFORE INSERT ON posts FOR EACH ROW EXECUTE FUNCTION post_author_campus()`);
    await runner.query(`
      CREATE FUNCTION user_campus_to_posts() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE posts SET author_campus_id = NEW.campus_id
         WHERE author_uid = NEW.firebase_uid AND author_campus_id IS DISTINCT FROM NEW.campus_id;
        RETURN NULL;
      END $$`);
    await runner.query(
      `CREATE TRIGGER users_campus_to_posts AFTER UPDATE OF campus_id ON users
         FOR EACH ROW WHEN (OLD.campus_id IS DISTINCT FROM NEW.campus_id) EXECUTE FUNCTION user_campus_to_posts()`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TRIGGER users_campus_to_posts ON users`);
    await runner.query(`DROP FUNCTION user_campus_to_posts()`);
    await runner.query(`DROP TRIGGER posts_author_campus ON posts`);
    await runner.query(`DROP FUNCTION post_author_campus()`);
    await runner.query(`ALTER TABLE posts DROP COLUMN author_campus_id`);
    await runner.query(`ALTER TABLE users DROP COLUMN verified`);
    await runner.query(`ALTER TABLE users DROP COLUMN campus_id`);
    await runner.query(`DROP TABLE campus_domains`);
    await runner.query(`DROP TABLE campuses`);
  }
}
