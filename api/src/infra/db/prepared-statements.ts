import { createHash } from 'node:crypto';
import pg, { type Pool } from 'pg';
import { QueryFailedError, type DataSource } from 'typeorm';

/**
 * How PostgreSQL plans a statement (issue 30: planning, not running, was most of a feed page's
 * database time).
 */
export enum PlanChoice {
  /**
   * One generic plan per connection, from the first run (plan_cache_mode = force_generic_plan on
   * the sessions that run it). For a statement whose best plan does not depend on its values: the
   * feed pages, whose page size is in the text and whose values are a viewer and a keyset position.
   * Under PostgreSQL's own choice Home kept planning every run (its generic plan is costed 2 %
   * above a custom one) for 1.2-1.4 ms of planning a page. bench:explain prints each one's plan.
   */
  ONCE = 'once',
  /** PostgreSQL's own choice (plan_cache_mode auto): custom plans first, a generic one if it is not costlier. */
  POSTGRES = 'postgres',
  /**
   * Planned on every run with its values, never kept: for a statement whose best plan depends on
   * them (a search word on a sixth of all posts wants the newest posts walked in order; a rare
   * one, its index entries), where one generic plan would be wrong for half the values. Its text
   * starts with PLANNED_PER_RUN, so whoever replays it (the benchmark's floor) can do the same.
   */
  EACH_RUN = 'each run',
}

/** The comment that opens the text of a statement planned on every run. */
export const PLANNED_PER_RUN = '/* planned per run */';
/** The comment that opens the text of a statement planned once (PlanChoice.ONCE), for the same reason. */
export const PLANNED_ONCE = '/* planned once */';

/**
 * A hot read's SQL, written once at module load with positional parameters ($1, $2, ...) and run
 * as a named prepared statement: each pooled connection parses and plans it on first use and
 * afterwards only binds values (docs/ARCHITECTURE.md, "Prepared statements").
 *
 * The name is a hash of the text, so two statements can never share a name with different SQL,
 * and the same text built twice shares one plan.
 */
export class PreparedStatement {
  readonly name: string;
  readonly text: string;

  constructor(
    /** What the statement is for, in logs and EXPLAIN notes: 'home feed page'. */
    readonly purpose: string,
    text: string,
    readonly plan: PlanChoice = PlanChoice.POSTGRES,
  ) {
    const marker = { [PlanChoice.ONCE]: `${PLANNED_ONCE} `, [PlanChoice.POSTGRES]: '', [PlanChoice.EACH_RUN]: `${PLANNED_PER_RUN} ` }[plan];
    this.text = `${marker}${text}`;
    this.name = `cc_${createHash('sha256').update(this.text).digest('hex').slice(0, 20)}`;
  }
}

interface StatementRunner {
  /** Named prepared statements (false: plain parameterised statements, planned on every run). */
  named: boolean;
  /** The pool whose sessions force generic plans, for PlanChoice.ONCE; absent: the data source's own. */
  oncePool: Pool | null;
}

const runners = new WeakMap<DataSource, StatementRunner>();

/**
 * Whether this data source runs PreparedStatements by name (the default) or as plain parameterised
 * statements, planned on every run: for a connection pooler that cannot keep prepared statements
 * (PgBouncer before 1.21, or without max_prepared_statements; docs/operations.md).
 */
export function usePreparedStatements(db: DataSource, enabled: boolean): void {
  runners.set(db, { named: enabled, oncePool: enabled ? (runners.get(db)?.oncePool ?? null) : null });
}

/**
 * A second, small pool on the same database whose sessions plan prepared statements once
 * (plan_cache_mode can only be set per session, and the data source's own sessions also run
 * TypeORM's statements and search's, which must keep PostgreSQL's choice). Its connections open
 * on first use; the caller ends the pool.
 */
export function openPlanOncePool(db: DataSource, settings: { connectionString: string; max: number; options: string }): Pool {
  const pool = new pg.Pool({
    connectionString: settings.connectionString,
    max: settings.max,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30000,
    options: `${settings.options} -c plan_cache_mode=force_generic_plan`,
  });
  // An idle connection the server dropped (a restart, a terminated backend): pg-pool discards it; a
  // listener keeps the process up, as TypeORM's pool does for its own.
  pool.on('error', () => undefined);
  const runner = runners.get(db) ?? { named: true, oncePool: null };
  runners.set(db, { ...runner, oncePool: runner.named ? pool : null });
  return pool;
}

/** The pools prepared statements run on: the data source's own, and the plan-once pool when there is one. */
export function statementPools(db: DataSource): Pool[] {
  const own = (db.driver as unknown as { master?: Pool }).master;
  return [own, runners.get(db)?.oncePool].filter((pool): pool is Pool => !!pool && typeof pool.connect === 'function');
}

/**
 * Runs the statement on the data source's pool (or the plan-once pool). It is logged like every
 * TypeORM query (the per-request statement count and the benchmark's SQL capture see it); a
 * failure surfaces as TypeORM's QueryFailedError, as from any other read, and pg-pool drops a
 * connection that failed.
 */
export async function runPrepared<Row = Record<string, unknown>>(
  db: DataSource,
  statement: PreparedStatement,
  values: unknown[],
): Promise<Row[]> {
  db.logger.logQuery(statement.text, values);
  const runner = runners.get(db) ?? { named: true, oncePool: null };
  const named = runner.named && statement.plan !== PlanChoice.EACH_RUN;
  const pool = (statement.plan === PlanChoice.ONCE && runner.oncePool) || (db.driver as unknown as { master: Pool }).master;
  const started = Date.now();
  try {
    const result = await pool.query(named ? { name: statement.name, text: statement.text, values } : { text: statement.text, values });
    const took = Date.now() - started;
    const slowAfter = db.options.maxQueryExecutionTime;
    if (slowAfter && took > slowAfter) db.logger.logQuerySlow(took, statement.text, values);
    return result.rows as Row[];
  } catch (error) {
    db.logger.logQueryError(error as Error, statement.text, values);
    throw new QueryFailedError(statement.text, values, error as Error);
  }
}
