import { DataSource, QueryFailedError, type Logger } from 'typeorm';
import {
  openPlanOncePool,
  PlanChoice,
  PLANNED_ONCE,
  PLANNED_PER_RUN,
  PreparedStatement,
  runPrepared,
  usePreparedStatements,
} from '../../src/infra/db/prepared-statements';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The hot reads' statements (feed pages) run as named prepared statements: PostgreSQL keeps them
 * per connection, so each is parsed and planned once. Checked on a pool of one connection, where
 * the statement the api ran and pg_prepared_statements are on the same session.
 */
describe('prepared statements', () => {
  let server: TestServer;
  let db: DataSource;
  const logged: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    const logger: Logger = {
      logQuery: (query) => void logged.push(query),
      logQueryError: () => undefined,
      logQuerySlow: () => undefined,
      logSchemaBuild: () => undefined,
      logMigration: () => undefined,
      log: () => undefined,
    };
    db = new DataSource({ type: 'postgres', url: server.app.config.databaseUrl!, poolSize: 1, entities: [], logger });
    await db.initialize();
  });

  afterAll(async () => {
    await db?.destroy();
    await server?.close();
  });

  const nextNumber = new PreparedStatement('a test statement', 'SELECT $1::int + 1 AS next');

  const preparedOnSession = async (name: string) =>
    (await db.query('SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = $1', [name]))[0].n as number;

  it('prepares a statement once per connection by the hash of its text, and answers its rows', async () => {
    usePreparedStatements(db, true);
    expect(await runPrepared(db, nextNumber, [41])).toEqual([{ next: 42 }]);
    expect(await runPrepared(db, nextNumber, [1])).toEqual([{ next: 2 }]);
    expect(await preparedOnSession(nextNumber.name)).toBe(1);
    expect(new PreparedStatement('the same text elsewhere', nextNumber.text).name).toBe(nextNumber.name);
    // Counted like every other statement (the X-SQL-Statements header, the benchmark's capture).
    expect(logged.filter((query) => query === nextNumber.text)).toHaveLength(2);
  });

  it('with PREPARED_STATEMENTS=off runs the same text unnamed, for a pooler that cannot keep them', async () => {
    const other = new PreparedStatement('another test statement', 'SELECT $1::int * 2 AS double');
    usePreparedStatements(db, false);
    try {
      expect(await runPrepared(db, other, [21])).toEqual([{ double: 42 }]);
      expect(await preparedOnSession(other.name)).toBe(0);
    } finally {
      usePreparedStatements(db, true);
    }
  });

  it('a statement planned per run (search) is never kept, and says so at the start of its text', async () => {
    const search = new PreparedStatement('a search-like statement', 'SELECT $1::int - 1 AS previous', PlanChoice.EACH_RUN);
    expect(search.text).toBe(`${PLANNED_PER_RUN} SELECT $1::int - 1 AS previous`);
    expect(await runPrepared(db, search, [43])).toEqual([{ previous: 42 }]);
    expect(await runPrepared(db, search, [2])).toEqual([{ previous: 1 }]);
    expect(await preparedOnSession(search.name)).toBe(0);
  });

  it('a statement planned once (the feed pages) has one generic plan from its first run, on the plan-once sessions', async () => {
    const page = new PreparedStatement(
      'a feed-like statement',
      'SELECT count(*)::int AS n FROM generate_series(1, $1::int)',
      PlanChoice.ONCE,
    );
    expect(page.text.startsWith(PLANNED_ONCE)).toBe(true);
    const pool = openPlanOncePool(db, { connectionString: server.app.config.databaseUrl!, max: 1, options: '' });
    try {
      for (const n of [3, 30, 300]) expect(await runPrepared(db, page, [n])).toEqual([{ n }]);
      const { rows } = await pool.query('SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = $1', [page.name]);
      // PostgreSQL's own choice would have made three custom plans (it tries five before a generic one).
      expect(rows).toEqual([{ generic_plans: 3, custom_plans: 0 }]);
      // Nothing else moved to those sessions: a statement left to PostgreSQL stays on the data source's.
      await runPrepared(db, nextNumber, [1]);
      expect((await pool.query('SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = $1', [nextNumber.name])).rows[0].n).toBe(
        0,
      );
    } finally {
      usePreparedStatements(db, true);
      await pool.end();
    }
  });

  it('fails as any TypeORM query does, with the database error code for the error mapping', async () => {
    const broken = new PreparedStatement('a broken statement', 'SELECT * FROM no_such_table WHERE id = $1');
    const failure = await runPrepared(db, broken, [1]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect(failure).toMatchObject({ code: '42P01' });
  });
});
