import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * @mentions (modules/mentions): each post and comment keeps the people its caption or text
 * mentions as [{uid, start, length}], by account so a rename does not break them, with where
 * the '@Name' sits in the text (UTF-16 code units). Read with the row; nothing queries into them.
 */
export class Mentions1764500000000 implements MigrationInterface {
  name = 'Mentions1764500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE posts ADD COLUMN mentions jsonb NOT NULL DEFAULT '[]'`);
    await runner.query(`ALTER TABLE comments ADD COLUMN mentions jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE comments DROP COLUMN mentions');
    await runner.query('ALTER TABLE posts DROP COLUMN mentions');
  }
}
