import type { DataSource } from 'typeorm';
import { MIGRATIONS } from './migrations/index';

/** Where a database stands against the migrations this build carries (`npm run admin -- migrations`, /healthz). */
export interface MigrationStatus {
  /** Applied migrations, oldest first. */
  applied: string[];
  /** Migrations of this build not applied yet, in the order they will run. */
  pending: string[];
  /** The newest applied migration (the database's schema level), or null on an empty database. */
  level: string | null;
  /** Applied migrations this build does not know: the database was migrated by a newer version. */
  unknown: string[];
}

/** Reads TypeORM's `migrations` table (absent on a database never migrated) without changing anything. */
export async function migrationStatus(dataSource: DataSource): Promise<MigrationStatus> {
  const [{ present }]: Array<{ present: boolean }> = await dataSource.query(`SELECT to_regclass('migrations') IS NOT NULL AS present`);
  const rows: Array<{ name: string }> = present ? await dataSource.query(`SELECT name FROM migrations ORDER BY timestamp, id`) : [];
  const applied = rows.map((row) => row.name);
  const known = MIGRATIONS.map((migration) => migration.name);
  const done = new Set(applied);
  return {
    applied,
    pending: known.filter((name) => !done.has(name)),
    level: applied.at(-1) ?? null,
    unknown: applied.filter((name) => !known.includes(name)),
  };
}
