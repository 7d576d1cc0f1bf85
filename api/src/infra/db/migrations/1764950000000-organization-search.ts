import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search finds organizations (issues 26 and 27), with what the search migration made (pg_trgm,
 * unaccent, `search_fold`, the `campus_search` configuration; no other extension, so PGlite runs it):
 * - `organizations.search_name` (search_fold of the name) with a trigram GIN index: names found as
 *   people's are, typos forgiven.
 * - `organizations.search_vector`, generated: the name's words (weight A) and the description's (B),
 *   with a GIN index: a word of the description finds the organization.
 */
export class OrganizationSearch1764950000000 implements MigrationInterface {
  name = 'OrganizationSearch1764950000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE organizations ADD COLUMN search_name text GENERATED ALWAYS AS (search_fold(name)) STORED`);
    await runner.query(`CREATE INDEX organizations_search_name ON organizations USING gin (search_name gin_trgm_ops)`);
    await runner.query(`
      ALTER TABLE organizations ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('campus_search', name), 'A') || setweight(to_tsvector('campus_search', description), 'B')
      ) STORED`);
    await runner.query(`CREATE INDEX organizations_search ON organizations USING gin (search_vector)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX IF EXISTS organizations_search');
    await runner.query('ALTER TABLE organizations DROP COLUMN IF EXISTS search_vector');
    await runner.query('DROP INDEX IF EXISTS organizations_search_name');
    await runner.query('ALTER TABLE organizations DROP COLUMN IF EXISTS search_name');
  }
}
