import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The whole data model. Counters are kept by triggers, so they change in the same transaction as
 * the rows they count whatever path deletes a row (including ON DELETE CASCADE), and CHECKs keep
 * them from ever going below zero.
 */
export class InitialSchema1763700000000 implements MigrationInterface {
  name = 'InitialSchema1763700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE users (
        firebase_uid    text PRIMARY KEY,
        email           text,
        display_name    text,
        photo_url       text,
        date_of_birth   date,
        bio             text NOT NULL DEFAULT '',
        interests       text[] NOT NULL DEFAULT '{}',
        follower_count  integer NOT NULL DEFAULT 0 CHECK (follower_count >= 0),
        following_count integer NOT NULL DEFAULT 0 CHECK (following_count >= 0),
        post_count      integer NOT NULL DEFAULT 0 CHECK (post_count >= 0),
        created_at      timestamptz(3) NOT NULL DEFAULT now(),
        updated_at      timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX users_display_name_search ON users (lower(display_name) text_pattern_ops)`);
    await runner.query(`CREATE INDEX users_interests ON users USING gin (interests)`);

    await runner.query(`
      CREATE TABLE follows (
        follower_uid text NOT NULL REFERENCES users (firebase_uid) ON DELETE CASCADE,
        followee_uid text NOT NULL REFERENCES users (firebase_uid) ON DELETE CASCADE,
        created_at   timestamptz(3) NOT NULL DEFAULT now(),
        PRIMARY KEY (follower_uid, followee_uid),
        CONSTRAINT follows_not_self CHECK (follower_uid <> followee_uid)
      )`);
    await runner.query(`CREATE INDEX follows_followee ON follows (followee_uid, created_at DESC, follower_uid DESC)`);
    await runner.query(`CREATE INDEX follows_follower_recent ON follows (follower_uid, created_at DESC, followee_uid DESC)`);

    await runner.query(`
      CREATE TABLE uploads (
        id            text PRIMARY KEY,
        owner_uid     text NOT NULL,
        kind          text NOT NULL CHECK (kind IN ('video', 'image')),
        file_name     text NOT NULL DEFAULT '',
        media_path    text,
        poster_path   text,
        content_type  text,
        size          bigint,
        duration      double precision,
        width         integer,
        height        integer,
        status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'complete')),
        created_at    timestamptz(3) NOT NULL DEFAULT now(),
        completed_at  timestamptz(3)
      )`);
    await runner.query(`CREATE INDEX uploads_owner ON uploads (owner_uid)`);
    await runner.query(`CREATE INDEX uploads_pending ON uploads (created_at) WHERE status = 'pending'`);

    await runner.query(`
      CREATE TABLE posts (
        id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        author_uid    text NOT NULL REFERENCES users (firebase_uid) ON DELETE CASCADE,
        video_url     text NOT NULL,
        poster_url    text,
        duration      double precision,
        width         integer,
        height        integer,
        upload_id     text,
        caption       text NOT NULL DEFAULT '',
        tags          text[] NOT NULL DEFAULT '{}',
        like_count    integer NOT NULL DEFAULT 0 CHECK (like_count >= 0),
        comment_count integer NOT NULL DEFAULT 0 CHECK (comment_count >= 0),
        created_at    timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX posts_author_recent ON posts (author_uid, created_at DESC, id DESC)`);
    await runner.query(`CREATE INDEX posts_recent ON posts (created_at DESC, id DESC)`);
    await runner.query(`CREATE INDEX posts_tags ON posts USING gin (tags)`);

    await runner.query(`
      CREATE TABLE likes (
        post_id    uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
        user_uid   text NOT NULL REFERENCES users (firebase_uid) ON DELETE CASCADE,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        PRIMARY KEY (post_id, user_uid)
      )`);
    await runner.query(`CREATE INDEX likes_user ON likes (user_uid, post_id)`);

    await runner.query(`
      CREATE TABLE comments (
        id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        post_id    uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
        author_uid text NOT NULL REFERENCES users (firebase_uid) ON DELETE CASCADE,
        text       text NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX comments_post_order ON comments (post_id, created_at, id)`);
    await runner.query(`CREATE INDEX comments_author ON comments (author_uid)`);

    await runner.query(`
      CREATE TABLE calendar_events (
        user_uid   text NOT NULL REFERENCES users (firebase_uid) ON DELETE CASCADE,
        date       date NOT NULL,
        name       text NOT NULL,
        updated_at timestamptz(3) NOT NULL DEFAULT now(),
        PRIMARY KEY (user_uid, date)
      )`);

    // Counter triggers: one rule per counter, whatever deletes or inserts the row.
    await runner.query(`
      CREATE FUNCTION count_follow() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE users SET following_count = following_count + 1 WHERE firebase_uid = NEW.follower_uid;
          UPDATE users SET follower_count = follower_count + 1 WHERE firebase_uid = NEW.followee_uid;
        ELSE
          UPDATE users SET following_count = following_count - 1 WHERE firebase_uid = OLD.follower_uid;
          UPDATE users SET follower_count = follower_count - 1 WHERE firebase_uid = OLD.followee_uid;
        END IF;
        RETURN NULL;
      END $$`);
    await runner.query(`CREATE TRIGGER follows_count AFTER INSERT OR DELETE ON follows FOR EACH ROW EXECUTE FUNCTION count_follow()`);

    await runner.query(`
      CREATE FUNCTION count_post() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE users SET post_count = post_count + 1 WHERE firebase_uid = NEW.author_uid;
        ELSE
          UPDATE users SET post_count = post_count - 1 WHERE firebase_uid = OLD.author_uid;
        END IF;
        RETURN NULL;
      END $$`);
    await runner.query(`CREATE TRIGGER posts_count AFTER INSERT OR DELETE ON posts FOR EACH ROW EXECUTE FUNCTION count_post()`);

    await runner.query(`
      CREATE FUNCTION count_like() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE posts SET like_count = like_count + 1 WHERE id = NEW.post_id;
        ELSE
          UPDATE posts SET like_count = like_count - 1 WHERE id = OLD.post_id;
        END IF;
        RETURN NULL;
      END $$`);
    await runner.query(`CREATE TRIGGER likes_count AFTER INSERT OR DELETE ON likes FOR EACH ROW EXECUTE FUNCTION count_like()`);

    await runner.query(`
      CREATE FUNCTION count_comment() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE posts SET comment_count = comment_count + 1 WHERE id = NEW.post_id;
        ELSE
          UPDATE posts SET comment_count = comment_count - 1 WHERE id = OLD.post_id;
        END IF;
        RETURN NULL;
      END $$`);
    await runner.query(`CREATE TRIGGER comments_count AFTER INSERT OR DELETE ON comments FOR EACH ROW EXECUTE FUNCTION count_comment()`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['calendar_events', 'comments', 'likes', 'posts', 'uploads', 'follows', 'users']) {
      await runner.query(`DROP TABLE IF EXISTS ${table} CASCADE`);
    }
    for (const fn of ['count_follow', 'count_post', 'count_like', 'count_comment']) {
      await runner.query(`DROP FUNCTION IF EXISTS ${fn}()`);
    }
  }
}
