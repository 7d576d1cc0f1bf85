import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A student may block another (neither then sees the other, and the follow edges between them go)
 * or mute one (their posts and comments leave the muter's feeds, quietly). One row per pair.
 */
export class BlocksAndMutes1764200000000 implements MigrationInterface {
  name = 'BlocksAndMutes1764200000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const [table, who, whom] of [
      ['blocks', 'blocker_uid', 'blocked_uid'],
      ['mutes', 'muter_uid', 'muted_uid'],
    ]) {
      await runner.query(`
        CREATE TABLE ${table} (
          ${who}  text NOT NULL REFERENCES users (firebase_uid) ON DELETE CASCADE,
          ${whom} text NOT NULL REFERENCES users (firebase_uid) ON DELETE CASCADE,
          created_at timestamptz(3) NOT NULL DEFAULT now(),
          PRIMARY KEY (${who}, ${whom}),
          CONSTRAINT ${table}_not_self CHECK (${who} <> ${whom})
        )`);
      // The other direction (who blocked me, for "neither sees the other") and the Settings list.
      await runner.query(`CREATE INDEX ${table}_by_target ON ${table} (${whom}, ${who})`);
      await runner.query(`CREATE INDEX ${table}_recent ON ${table} (${who}, created_at DESC)`);
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE mutes');
    await runner.query('DROP TABLE blocks');
  }
}
