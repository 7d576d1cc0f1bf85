import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Moderation: roles and suspensions on users, reports, what moderators did (the audit log) and
 * what the people concerned are told. A post reported by enough students is hidden pending review.
 */
export class Moderation1764300000000 implements MigrationInterface {
  name = 'Moderation1764300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE users
        ADD COLUMN role text NOT NULL DEFAULT 'student' CHECK (role IN ('student', 'moderator', 'admin')),
        ADD COLUMN suspended_until timestamptz(3)`);
    // Every instance keeps the few non-students and suspended accounts in memory (account-standing.ts).
    await runner.query(`CREATE INDEX users_standing ON users (firebase_uid) WHERE role <> 'student' OR suspended_until IS NOT NULL`);
    await runner.query(`ALTER TABLE posts ADD COLUMN hidden_for_review boolean NOT NULL DEFAULT false`);
    await runner.query(`
      CREATE TABLE reports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        reporter_uid text NOT NULL REFERENCES users (firebase_uid) ON DELETE CASCADE,
        target_type text NOT NULL CHECK (target_type IN ('post', 'comment', 'user')),
        target_id text NOT NULL,
        target_author_uid text NOT NULL,
        reason text NOT NULL CHECK (reason IN ('spam', 'harassment', 'sexual', 'violence', 'self_harm', 'hate', 'other')),
        details text NOT NULL DEFAULT '' CHECK (char_length(details) <= 1000),
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed', 'actioned')),
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        resolved_at timestamptz(3)
      )`);
    await runner.query(`CREATE UNIQUE INDEX reports_one_open ON reports (reporter_uid, target_type, target_id) WHERE status = 'open'`);
    await runner.query(`CREATE INDEX reports_open_targets ON reports (target_type, target_id) WHERE status = 'open'`);
    await runner.query(`
      CREATE TABLE moderation_actions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        moderator_uid text NOT NULL,
        action text NOT NULL CHECK (action IN ('dismiss', 'remove', 'warn', 'suspend', 'unsuspend', 'grant', 'revoke')),
        target_type text NOT NULL CHECK (target_type IN ('post', 'comment', 'user')),
        target_id text NOT NULL,
        target_author_uid text NOT NULL,
        note text NOT NULL DEFAULT '',
        details jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX moderation_actions_recent ON moderation_actions (created_at DESC)`);
    await runner.query(`CREATE INDEX moderation_actions_by_author ON moderation_actions (target_author_uid, created_at DESC)`);
    await runner.query(`
      CREATE TABLE moderation_notices (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_uid text NOT NULL REFERENCES users (firebase_uid) ON DELETE CASCADE,
        message text NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX moderation_notices_recent ON moderation_notices (user_uid, created_at DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE moderation_notices');
    await runner.query('DROP TABLE moderation_actions');
    await runner.query('DROP TABLE reports');
    await runner.query('ALTER TABLE posts DROP COLUMN hidden_for_review');
    await runner.query('DROP INDEX users_standing');
    await runner.query('ALTER TABLE users DROP COLUMN role, DROP COLUMN suspended_until');
  }
}
