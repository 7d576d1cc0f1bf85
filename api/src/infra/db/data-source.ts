import fs from 'node:fs';
import { Client, types } from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { DropBrokenConnections } from './broken-connections';
import { holdEmbeddedFolder } from './embedded-lock';
import { MIGRATIONS } from './migrations/index';
import { openPlanOncePool, usePreparedStatements } from './prepared-statements';
import { StatementCountingLogger } from './statement-counter';

// A DATE is a calendar day, not an instant: keep 'YYYY-MM-DD' instead of a local-midnight Date.
types.setTypeParser(1082, (value: string) => value);
// COUNT(*) and BIGINT fit in a JS number for every count this app keeps.
types.setTypeParser(20, (value: string) => Number(value));

export interface Database {
  dataSource: DataSource;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

/** The part of the app's settings the database reads (config.ts's Config has this shape). */
export interface DatabaseSettings {
  databaseUrl: string | null;
  pgliteDir: string;
  /** Named prepared statements for the hot reads (prepared-statements.ts); on unless a pooler cannot keep them. */
  preparedStatements?: boolean;
}

export interface OpenOptions {
  /** Run pending migrations on open (the default); `migrations status` reads the database as it is. */
  migrate?: boolean;
}

/** The entity classes TypeORM maps; the composition root hands in modules/entities.ts's list. */
export type EntityList = NonNullable<DataSourceOptions['entities']>;

type LogFn = (message: string, detail: unknown) => void;

const common = (entities: EntityList, onError: LogFn) =>
  ({
    type: 'postgres',
    entities,
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: ['query', 'error'] as Array<'query' | 'error'>,
    logger: new StatementCountingLogger(onError),
    maxQueryExecutionTime: 500,
  }) as const;

/**
 * PostgreSQL through pg when DATABASE_URL is set; otherwise the embedded PGlite database in
 * ./data, through PGlite's own node-postgres adapter with exactly one connection so that
 * transactions never interleave. Both run the same migrations on open.
 */
/**
 * Session settings for every PostgreSQL connection the app opens (libpq `options`). Every app
 * statement is an index-driven page, and the hot ones are prepared statements that PostgreSQL
 * runs with a generic plan (parameters unknown): with parallel query allowed, Explore's generic
 * plan once started workers, 12.7 ms against 0.3 ms without.
 */
export const POSTGRES_SESSION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0';

export async function openDatabase(
  config: DatabaseSettings,
  entities: EntityList,
  onError: LogFn = () => undefined,
  { migrate = true }: OpenOptions = {},
): Promise<Database> {
  if (config.databaseUrl) {
    const dataSource = new DataSource({
      ...common(entities, onError),
      url: config.databaseUrl,
      subscribers: [DropBrokenConnections],
      poolSize: 10,
      // JIT off (PostgreSQL's default is on): the planner's cost for Home's branch that never runs
      // crosses jit_above_cost, and compiling it took 80-190 ms of a 4 ms page (docs/ARCHITECTURE.md).
      extra: { max: 10, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30000, options: POSTGRES_SESSION_OPTIONS },
    } as DataSourceOptions);
    await dataSource.initialize();
    const prepared = config.preparedStatements ?? true;
    usePreparedStatements(dataSource, prepared);
    if (migrate) await migrateExclusively(config.databaseUrl, dataSource);
    // The feed pages' own sessions, which keep one plan per statement (PlanChoice.ONCE).
    const oncePool = prepared
      ? openPlanOncePool(dataSource, { connectionString: config.databaseUrl, max: 10, options: POSTGRES_SESSION_OPTIONS })
      : null;
    return {
      dataSource,
      kind: 'postgres',
      async close() {
        await Promise.all([dataSource.destroy(), oncePool?.end()]);
      },
    };
  }

  fs.mkdirSync(config.pgliteDir, { recursive: true });
  // Before PGlite reads the folder: a second process on it would lose its writes (embedded-lock.ts).
  const release = await holdEmbeddedFolder(config.pgliteDir, (error) => onError('the embedded database lock was lost', error));
  const { PGlite } = await import('@electric-sql/pglite');
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres');
  // The extensions the migrations create (search: trigram names, accents ignored) must be loaded
  // into the WebAssembly build before it opens; PostgreSQL has them installed.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  try {
    const pglite = await PGlite.create(config.pgliteDir, { extensions: { pg_trgm, unaccent } });
    const pgConfig = createPgConfig(pglite);
    const dataSource = new DataSource({
      ...common(entities, onError),
      ...pgConfig,
      installExtensions: false,
      poolSize: 1,
      extra: { ...pgConfig, max: 1 },
    } as unknown as DataSourceOptions);
    await dataSource.initialize();
    usePreparedStatements(dataSource, config.preparedStatements ?? true);
    if (migrate) await dataSource.runMigrations();
    return {
      dataSource,
      kind: 'pglite',
      async close() {
        try {
          await dataSource.destroy();
          await pglite.close();
        } finally {
          await release();
        }
      },
    };
  } catch (error) {
    await release().catch(() => undefined);
    throw error;
  }
}

/** Runs the pending migrations of a database opened with `migrate: false`; the names of those it ran. */
export async function runPendingMigrations(config: DatabaseSettings, database: Database): Promise<string[]> {
  const ran = config.databaseUrl
    ? await migrateExclusively(config.databaseUrl, database.dataSource)
    : await database.dataSource.runMigrations();
  return ran.map((migration) => migration.name);
}

/** Several instances may start at once on one database: an advisory lock lets one migrate at a time. */
async function migrateExclusively(databaseUrl: string, dataSource: DataSource) {
  const lock = new Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    return await dataSource.runMigrations();
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.end();
  }
}

const MIGRATION_LOCK = 7_263_101;
