import pg from 'pg';
import { DataSource } from 'typeorm';
import type { MIGRATIONS } from '../../src/infra/db/migrations';

/**
 * An empty database of its own for a migration test (created before the describe's tests, dropped
 * after), and a way to bring it to any point of the migration history: the data a migration meets
 * is written by the test between two `migrated` calls.
 */
export function scratchMigrationDatabase(prefix: string): { migrated: (migrations: typeof MIGRATIONS) => Promise<DataSource> } {
  const admin = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = `${prefix}_${Date.now()}_${process.pid}`;
  const url = Object.assign(new URL(admin), { pathname: `/${database}` }).toString();

  async function onAdmin(sql: string) {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  }

  beforeAll(() => onAdmin(`CREATE DATABASE ${database}`));
  afterAll(() => onAdmin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));

  return {
    async migrated(migrations) {
      const source = new DataSource({ type: 'postgres', url, migrations, migrationsTransactionMode: 'each' });
      await source.initialize();
      await source.runMigrations();
      return source;
    },
  };
}
