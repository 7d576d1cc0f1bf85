import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Campus events (issue 18, modules/events). A post may announce an event: its columns live on the
 * posts row, so every list of posts reads them with the row (no statement more per page). The
 * local day and times and the zone are kept as the author gave them; the instants are computed
 * once, on create. `event_added_count` (how many calendars hold it) is kept by a trigger on
 * calendar_events, like the other counters. A calendar entry links to the post it came from;
 * deleting the post unlinks it (the entry stays, as plain text). calendar_feeds holds each
 * student's secret iCalendar address.
 */
export class CampusEvents1764600000000 implements MigrationInterface {
  name = 'CampusEvents1764600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE posts
        ADD COLUMN event_name        text,
        ADD COLUMN event_date        date,
        ADD COLUMN event_start_time  time(0),
        ADD COLUMN event_end_time    time(0),
        ADD COLUMN event_time_zone   text,
        ADD COLUMN event_starts_at   timestamptz(3),
        ADD COLUMN event_ends_at     timestamptz(3),
        ADD COLUMN event_place       text,
        ADD COLUMN event_added_count integer NOT NULL DEFAULT 0 CHECK (event_added_count >= 0),
        ADD CONSTRAINT posts_event_whole CHECK (
          (event_starts_at IS NULL AND event_name IS NULL AND event_date IS NULL AND event_start_time IS NULL AND event_time_zone IS NULL
            AND event_end_time IS NULL AND event_ends_at IS NULL AND event_place IS NULL)
          OR (event_starts_at IS NOT NULL AND event_name IS NOT NULL AND event_date IS NOT NULL AND event_start_time IS NOT NULL
            AND event_time_zone IS NOT NULL AND (event_end_time IS NULL) = (event_ends_at IS NULL))),
        ADD CONSTRAINT posts_event_ends_after_start CHECK (event_ends_at IS NULL OR event_ends_at > event_starts_at)`);
    // The Events page walks this in (starts_at, id) order; only event posts are in it.
    await runner.query(`CREATE INDEX posts_event_upcoming ON posts (event_starts_at, id) WHERE event_starts_at IS NOT NULL`);

    await runner.query(`ALTER TABLE calendar_events ADD COLUMN post_id uuid NULL REFERENCES posts (id) ON DELETE SET NULL`);
    // For ON DELETE SET NULL when a post goes, and for the calendars that hold a post.
    await runner.query(`CREATE INDEX calendar_events_post ON calendar_events (post_id) WHERE post_id IS NOT NULL`);
    await runner.query(`
      CREATE FUNCTION count_event_added() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          IF NEW.post_id IS NOT NULL THEN
            UPDATE posts SET event_added_count = event_added_count + 1 WHERE id = NEW.post_id;
          END IF;
        ELSIF TG_OP = 'DELETE' THEN
          IF OLD.post_id IS NOT NULL THEN
            UPDATE posts SET event_added_count = event_added_count - 1 WHERE id = OLD.post_id;
          END IF;
        ELSIF NEW.post_id IS DISTINCT FROM OLD.post_id THEN
          IF OLD.post_id IS NOT NULL THEN
            UPDATE posts SET event_added_count = event_added_count - 1 WHERE id = OLD.post_id;
          END IF;
          IF NEW.post_id IS NOT NULL THEN
            UPDATE posts SET event_added_count = event_added_count + 1 WHERE id = NEW.post_id;
          END IF;
        END IF;
        RETURN NULL;
      END $$`);
    await runner.query(
      `CREATE TRIGGER calendar_events_count AFTER INSERT OR DELETE OR UPDATE OF post_id ON calendar_events FOR EACH ROW EXECUTE FUNCTION count_event_added()`,
    );

    await runner.query(`
      CREATE TABLE calendar_feeds (
        user_uid   text PRIMARY KEY REFERENCES users (firebase_uid) ON DELETE CASCADE,
        token      text NOT NULL UNIQUE,
        created_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE IF EXISTS calendar_feeds');
    await runner.query('DROP TRIGGER IF EXISTS calendar_events_count ON calendar_events');
    await runner.query('DROP FUNCTION IF EXISTS count_event_added()');
    await runner.query('ALTER TABLE calendar_events DROP COLUMN IF EXISTS post_id');
    await runner.query('DROP INDEX IF EXISTS posts_event_upcoming');
    await runner.query(`
      ALTER TABLE posts
        DROP CONSTRAINT IF EXISTS posts_event_ends_after_start,
        DROP CONSTRAINT IF EXISTS posts_event_whole,
        DROP COLUMN event_name, DROP COLUMN event_date, DROP COLUMN event_start_time, DROP COLUMN event_end_time,
        DROP COLUMN event_time_zone, DROP COLUMN event_starts_at, DROP COLUMN event_ends_at, DROP COLUMN event_place,
        DROP COLUMN event_added_count`);
  }
}
