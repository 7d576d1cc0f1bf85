import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notifications (modules/notifications): one row per notification as the reader sees it, with the
 * people grouped in it in notification_actors. Likes on one post and new followers are grouped while
 * unread (at most one unread group per post, and one for follows, enforced by partial unique
 * indexes); comments, mentions and moderation outcomes are one row each. A notification goes with
 * its recipient, its post and its comment (ON DELETE CASCADE); an actor's row goes with the actor.
 * notification_settings holds the kinds a student turned off (no row: every kind on).
 */
export class Notifications1764400000000 implements MigrationInterface {
  name = 'Notifications1764400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE notifications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        recipient_uid text NOT NULL REFERENCES users (firebase_uid) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('like', 'comment', 'mention', 'follow', 'moderation')),
        post_id uuid REFERENCES posts (id) ON DELETE CASCADE,
        comment_id uuid REFERENCES comments (id) ON DELETE CASCADE,
        text text CHECK (char_length(text) <= 2000),
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        read_at timestamptz(3),
        CONSTRAINT notifications_post_kinds CHECK ((post_id IS NOT NULL) = (kind IN ('like', 'comment', 'mention'))),
        CONSTRAINT notifications_comment_kinds CHECK (comment_id IS NULL OR kind IN ('comment', 'mention'))
      )`);
    // The reader's list, newest first (keyset on created_at, id), and the unread count.
    await runner.query(`CREATE INDEX notifications_recent ON notifications (recipient_uid, created_at DESC, id DESC)`);
    await runner.query(`CREATE INDEX notifications_unread ON notifications (recipient_uid) WHERE read_at IS NULL`);
    // Grouping: one unread group of likes per post, one unread group of new followers.
    await runner.query(
      `CREATE UNIQUE INDEX notifications_open_likes ON notifications (recipient_uid, post_id) WHERE kind = 'like' AND read_at IS NULL`,
    );
    await runner.query(
      `CREATE UNIQUE INDEX notifications_open_follows ON notifications (recipient_uid) WHERE kind = 'follow' AND read_at IS NULL`,
    );
    // Once: a comment notifies the post's author once; a mention, its student once per caption or comment.
    await runner.query(`CREATE UNIQUE INDEX notifications_one_comment ON notifications (recipient_uid, comment_id) WHERE kind = 'comment'`);
    await runner.query(
      `CREATE UNIQUE INDEX notifications_one_mention ON notifications (recipient_uid, post_id, coalesce(comment_id, '00000000-0000-0000-0000-000000000000')) WHERE kind = 'mention'`,
    );
    // Unlike and unfollow find the groups of one post, or one recipient's follows.
    await runner.query(`CREATE INDEX notifications_by_post ON notifications (post_id) WHERE post_id IS NOT NULL`);
    await runner.query(`CREATE INDEX notifications_by_comment ON notifications (comment_id) WHERE comment_id IS NOT NULL`);
    await runner.query(`
      CREATE TABLE notification_actors (
        notification_id uuid NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
        actor_uid text NOT NULL REFERENCES users (firebase_uid) ON DELETE CASCADE,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        PRIMARY KEY (notification_id, actor_uid)
      )`);
    await runner.query(`CREATE INDEX notification_actors_recent ON notification_actors (notification_id, created_at DESC)`);
    await runner.query(`CREATE INDEX notification_actors_by_actor ON notification_actors (actor_uid)`);
    await runner.query(`
      CREATE TABLE notification_settings (
        user_uid text PRIMARY KEY REFERENCES users (firebase_uid) ON DELETE CASCADE,
        likes boolean NOT NULL DEFAULT true,
        comments boolean NOT NULL DEFAULT true,
        mentions boolean NOT NULL DEFAULT true,
        follows boolean NOT NULL DEFAULT true,
        moderation boolean NOT NULL DEFAULT true
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE notification_settings');
    await runner.query('DROP TABLE notification_actors');
    await runner.query('DROP TABLE notifications');
  }
}
