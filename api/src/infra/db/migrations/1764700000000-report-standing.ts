import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A report counts toward hiding a post only when its reporter was in good standing when it was
 * made (moderation.policy.ts, countsTowardHiding); every report still reaches the queue. Reports
 * made before this counted, as they did.
 */
export class ReportStanding1764700000000 implements MigrationInterface {
  name = 'ReportStanding1764700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE reports ADD COLUMN counts_toward_hiding boolean NOT NULL DEFAULT true`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE reports DROP COLUMN counts_toward_hiding');
  }
}
