import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The unread count read from one row (issue 30, item 6). `notification_counts.unread` is how many
 * of a student's unread notifications their list shows (modules/notifications: `shownSql`, here
 * frozen as `notification_shown`), kept by triggers on every table that rule reads, so no write
 * path (services, cascades, moderators, the benchmark's seeding) can leave it behind:
 * notifications and notification_actors (written, grouped, read, deleted), blocks, mutes, users'
 * suspensions, posts' state and author, organizations' status.
 *
 * Each change recounts the students it may concern (a COUNT over their unread notifications, as
 * the read did before), after locking their counter row: a count taken under the lock sees every
 * change committed by whoever counted before, so concurrent writers cannot leave a stale figure.
 * A suspension ends by itself: `recount_at` holds the earliest end of a suspension the count
 * depends on, and a read after it recounts (notification.service.ts, UNREAD_COUNT).
 */
export class NotificationCounts1765050000000 implements MigrationInterface {
  name = 'NotificationCounts1765050000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE notification_counts (
        user_uid text PRIMARY KEY REFERENCES users (firebase_uid) ON DELETE CASCADE,
        unread integer NOT NULL DEFAULT 0 CHECK (unread >= 0),
        recount_at timestamptz(3)
      )`);

    // notifications.service.ts shownSql(n, reader), as of this migration.
    await runner.query(`
      CREATE FUNCTION notification_shown(n notifications, reader text) RETURNS boolean LANGUAGE sql STABLE AS $$
        SELECT n.kind = 'moderation' OR (
          EXISTS (SELECT 1 FROM notification_actors va WHERE va.notification_id = n.id
                     AND NOT EXISTS (SELECT 1 FROM blocks bl WHERE (bl.blocker_uid = reader AND bl.blocked_uid = va.actor_uid)
                                                                OR (bl.blocker_uid = va.actor_uid AND bl.blocked_uid = reader))
                     AND NOT EXISTS (SELECT 1 FROM mutes mu WHERE mu.muter_uid = reader AND mu.muted_uid = va.actor_uid)
                     AND NOT EXISTS (SELECT 1 FROM users su WHERE su.firebase_uid = va.actor_uid AND su.suspended_until > now()))
          AND (n.post_id IS NULL OR EXISTS (
                SELECT 1 FROM posts vp WHERE vp.id = n.post_id
                   AND ((vp.status = 'ready' AND NOT vp.hidden_for_review) OR vp.author_uid = reader)
                   AND NOT EXISTS (SELECT 1 FROM blocks bl WHERE (bl.blocker_uid = reader AND bl.blocked_uid = vp.author_uid)
                                                              OR (bl.blocker_uid = vp.author_uid AND bl.blocked_uid = reader))
                   AND NOT EXISTS (SELECT 1 FROM users su WHERE su.firebase_uid = vp.author_uid AND su.suspended_until > now())))
          AND (n.organization_id IS NULL OR EXISTS (SELECT 1 FROM organizations vo WHERE vo.id = n.organization_id AND vo.status = 'active')))
      $$`);

    // Recounts these students (each once, in uid order so that two writers lock in the same order); returns the last count.
    await runner.query(`
      CREATE FUNCTION notification_recount(recipients text[]) RETURNS integer LANGUAGE plpgsql AS $$
      DECLARE
        reader text;
        total integer := 0;
      BEGIN
        FOR reader IN SELECT DISTINCT r FROM unnest(recipients) r WHERE r IS NOT NULL ORDER BY r LOOP
          INSERT INTO notification_counts (user_uid) SELECT u.firebase_uid FROM users u WHERE u.firebase_uid = reader
            ON CONFLICT (user_uid) DO NOTHING;
          PERFORM 1 FROM notification_counts WHERE user_uid = reader FOR UPDATE;
          CONTINUE WHEN NOT FOUND;
          -- A new statement, so a new snapshot: it sees what the previous holder of the lock committed.
          UPDATE notification_counts c
             SET unread = (SELECT count(*) FROM notifications n
                            WHERE n.recipient_uid = reader AND n.read_at IS NULL AND notification_shown(n, reader)),
                 recount_at = (SELECT min(su.suspended_until) FROM users su
                                WHERE su.suspended_until > now() AND su.firebase_uid IN (
                                  SELECT na.actor_uid FROM notifications n JOIN notification_actors na ON na.notification_id = n.id
                                   WHERE n.recipient_uid = reader AND n.read_at IS NULL
                                  UNION
                                  SELECT p.author_uid FROM notifications n JOIN posts p ON p.id = n.post_id
                                   WHERE n.recipient_uid = reader AND n.read_at IS NULL))
           WHERE c.user_uid = reader
          RETURNING c.unread INTO total;
        END LOOP;
        RETURN total;
      END $$`);

    // notifications: written, grouped (an upsert: both INSERT and UPDATE fire), read, deleted.
    await runner.query(`
      CREATE FUNCTION notifications_recount_rows() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM notification_recount(ARRAY(SELECT recipient_uid FROM new_rows WHERE read_at IS NULL));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM notification_recount(ARRAY(SELECT recipient_uid FROM old_rows WHERE read_at IS NULL));
        ELSE
          PERFORM notification_recount(ARRAY(
            SELECT u.uid FROM old_rows o JOIN new_rows w ON w.id = o.id
                   CROSS JOIN LATERAL (VALUES (o.recipient_uid), (w.recipient_uid)) u (uid)
             WHERE (o.read_at IS NULL OR w.read_at IS NULL)
               AND ((o.read_at IS NULL) <> (w.read_at IS NULL) OR o.recipient_uid <> w.recipient_uid OR o.kind <> w.kind
                    OR o.post_id IS DISTINCT FROM w.post_id OR o.organization_id IS DISTINCT FROM w.organization_id)));
        END IF;
        RETURN NULL;
      END $$`);
    for (const [event, tables] of [
      ['INSERT', 'NEW TABLE AS new_rows'],
      ['DELETE', 'OLD TABLE AS old_rows'],
      ['UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
    ]) {
      await runner.query(
        `CREATE TRIGGER notifications_count_${event.toLowerCase()} AFTER ${event} ON notifications
           REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION notifications_recount_rows()`,
      );
    }

    // notification_actors: a person joins or leaves a group (a group is shown while someone in it is visible).
    await runner.query(`
      CREATE FUNCTION notification_actors_recount_rows() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM notification_recount(ARRAY(
          SELECT n.recipient_uid FROM notifications n
           WHERE n.read_at IS NULL AND n.id IN (
             SELECT notification_id FROM changed_rows)));
        RETURN NULL;
      END $$`);
    for (const [event, tables] of [
      ['INSERT', 'NEW TABLE AS changed_rows'],
      ['DELETE', 'OLD TABLE AS changed_rows'],
    ]) {
      await runner.query(
        `CREATE TRIGGER notification_actors_count_${event.toLowerCase()} AFTER ${event} ON notification_actors
           REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION notification_actors_recount_rows()`,
      );
    }

    // Blocks and mutes change whose acts a student is shown.
    await runner.query(`
      CREATE FUNCTION relation_recount_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'blocks' AND TG_OP = 'DELETE' THEN
          PERFORM notification_recount(ARRAY[OLD.blocker_uid, OLD.blocked_uid]);
        ELSIF TG_TABLE_NAME = 'blocks' THEN
          PERFORM notification_recount(ARRAY[NEW.blocker_uid, NEW.blocked_uid]);
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM notification_recount(ARRAY[OLD.muter_uid]);
        ELSE
          PERFORM notification_recount(ARRAY[NEW.muter_uid]);
        END IF;
        RETURN NULL;
      END $$`);
    await runner.query(
      `CREATE TRIGGER blocks_notification_count AFTER INSERT OR DELETE ON blocks FOR EACH ROW EXECUTE FUNCTION relation_recount_row()`,
    );
    await runner.query(
      `CREATE TRIGGER mutes_notification_count AFTER INSERT OR DELETE ON mutes FOR EACH ROW EXECUTE FUNCTION relation_recount_row()`,
    );

    // A suspension (or its lifting) hides or shows a student's acts and posts.
    await runner.query(`
      CREATE FUNCTION suspension_recount_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM notification_recount(ARRAY(
          SELECT n.recipient_uid FROM notification_actors na JOIN notifications n ON n.id = na.notification_id
           WHERE na.actor_uid = NEW.firebase_uid AND n.read_at IS NULL
          UNION
          SELECT n.recipient_uid FROM posts p JOIN notifications n ON n.post_id = p.id
           WHERE p.author_uid = NEW.firebase_uid AND n.read_at IS NULL));
        RETURN NULL;
      END $$`);
    await runner.query(
      `CREATE TRIGGER users_notification_count AFTER UPDATE OF suspended_until ON users
         FOR EACH ROW WHEN (OLD.suspended_until IS DISTINCT FROM NEW.suspended_until) EXECUTE FUNCTION suspension_recount_row()`,
    );

    // A post becomes ready, is hidden for review or shown again.
    await runner.query(`
      CREATE FUNCTION post_state_recount_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM notification_recount(ARRAY(SELECT recipient_uid FROM notifications WHERE post_id = NEW.id AND read_at IS NULL));
        RETURN NULL;
      END $$`);
    await runner.query(
      `CREATE TRIGGER posts_notification_count AFTER UPDATE OF status, hidden_for_review, author_uid ON posts
         FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.hidden_for_review IS DISTINCT FROM NEW.hidden_for_review
                            OR OLD.author_uid IS DISTINCT FROM NEW.author_uid)
         EXECUTE FUNCTION post_state_recount_row()`,
    );

    // An organization hidden, suspended or made active again.
    await runner.query(`
      CREATE FUNCTION organization_status_recount_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM notification_recount(ARRAY(SELECT recipient_uid FROM notifications WHERE organization_id = NEW.id AND read_at IS NULL));
        RETURN NULL;
      END $$`);
    await runner.query(
      `CREATE TRIGGER organizations_notification_count AFTER UPDATE OF status ON organizations
         FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION organization_status_recount_row()`,
    );

    await runner.query(`SELECT notification_recount(ARRAY(SELECT DISTINCT recipient_uid FROM notifications WHERE read_at IS NULL))`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TRIGGER organizations_notification_count ON organizations');
    await runner.query('DROP FUNCTION organization_status_recount_row()');
    await runner.query('DROP TRIGGER posts_notification_count ON posts');
    await runner.query('DROP FUNCTION post_state_recount_row()');
    await runner.query('DROP TRIGGER users_notification_count ON users');
    await runner.query('DROP FUNCTION suspension_recount_row()');
    await runner.query('DROP TRIGGER mutes_notification_count ON mutes');
    await runner.query('DROP TRIGGER blocks_notification_count ON blocks');
    await runner.query('DROP FUNCTION relation_recount_row()');
    await runner.query('DROP TRIGGER notification_actors_count_insert ON notification_actors');
    await runner.query('DROP TRIGGER notification_actors_count_delete ON notification_actors');
    await runner.query('DROP FUNCTION notification_actors_recount_rows()');
    await runner.query('DROP TRIGGER notifications_count_insert ON notifications');
    await runner.query('DROP TRIGGER notifications_count_delete ON notifications');
    await runner.query('DROP TRIGGER notifications_count_update ON notifications');
    await runner.query('DROP FUNCTION notifications_recount_rows()');
    await runner.query('DROP FUNCTION notification_recount(text[])');
    await runner.query('DROP FUNCTION notification_shown(notifications, text)');
    await runner.query('DROP TABLE notification_counts');
  }
}
