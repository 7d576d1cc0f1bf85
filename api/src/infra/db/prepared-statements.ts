import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import { QueryFailedError, type DataSource } from 'typeorm';

/**
 * A hot read's SQL, written once at module load with positional parameters ($1, $2, ...) and run
 * as a named prepared statement: each pooled connection parses and plans it on first use and
 * afterwards only binds values. At campus scale PostgreSQL spent 0.35-8 ms *planning* a feed
 * statement that ran in 0.05-4 ms (docs/ARCHITECTURE.md, "Prepared statements").
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
    /**
     * Planned on every run with its values, never kept: for a statement whose best plan depends on
     * them (a search word on a sixth of all posts wants the newest posts walked in order; a rare
     * one, its index entries), where one generic plan would be wrong for half the values. Its text
     * starts with PLANNED_PER_RUN, so whoever replays it (the benchmark's floor) can do the same.
     */
    readonly planEachRun = false,
  ) {
    this.text = planEachRun ? `${PLANNED_PER_RUN} ${text}` : text;
    this.name = `cc_${createHash('sha256').update(this.text).digest('hex').slice(0, 20)}`;
  }
}

/** The comment that opens the text of a statement planned on every run. */
export const PLANNED_PER_RUN = '/* planned per run */';

const unnamed = new WeakSet<DataSource>();

/**
 * Whether this data source runs PreparedStatements by name (the default) or as plain parameterised
 * statements, planned on every run: for a connection pooler that cannot keep prepared statements
 * (PgBouncer before 1.21, or without max_prepared_statements; docs/operations.md).
 */
export function usePreparedStatements(db: DataSource, enabled: boolean): void {
  if (enabled) unnamed.delete(db);
  else unnamed.add(db);
}

/**
 * Runs the statement on the data source's pool. It is logged like every TypeORM query (the
 * per-request statement count and the benchmark's SQL capture see it); a failure surfaces as
 * TypeORM's QueryFailedError, as from any other read, and pg-pool drops a connection that failed.
 */
export async function runPrepared<Row = Record<string, unknown>>(
  db: DataSource,
  statement: PreparedStatement,
  values: unknown[],
): Promise<Row[]> {
  db.logger.logQuery(statement.text, values);
  const pool = (db.driver as unknown as { master: Pool }).master;
  const started = Date.now();
  try {
    const result = await pool.query(
      unnamed.has(db) || statement.planEachRun ? { text: statement.text, values } : { name: statement.name, text: statement.text, values },
    );
    const took = Date.now() - started;
    const slowAfter = db.options.maxQueryExecutionTime;
    if (slowAfter && took > slowAfter) db.logger.logQuerySlow(took, statement.text, values);
    return result.rows as Row[];
  } catch (error) {
    db.logger.logQueryError(error as Error, statement.text, values);
    throw new QueryFailedError(statement.text, values, error as Error);
  }
}
