import type { PoolClient } from 'pg';
import { statementPools } from './prepared-statements';
import type { DataSource } from 'typeorm';

/** One prepared statement's plans, summed over the connections read. */
export interface StatementPlans {
  /** The statement's name on every connection (`cc_` and a hash of its text: prepared-statements.ts). */
  name: string;
  /** Executions that reused the statement's generic plan (planned once for all values). */
  genericPlans: number;
  /** Executions planned afresh with their values (a custom plan each). */
  customPlans: number;
}

export interface PlanStats {
  /** The pool connections read (those idle when asked). */
  connections: number;
  statements: StatementPlans[];
}

/**
 * How PostgreSQL planned the app's named prepared statements (issue 30): pg_prepared_statements of
 * every connection idle in the app's pools when asked (a connection busy with a request is
 * left alone and not counted), summed per statement name. A statement that keeps its generic plan
 * shows only generic plans when planned once (PlanChoice.ONCE), or a few custom plans per
 * connection and then only generic ones under PostgreSQL's own choice; custom plans that keep
 * growing mean every execution is planned again. Statements run unnamed (planned on every run by
 * design, or through TypeORM) never appear. Empty for a database that is not a pg pool (embedded
 * PGlite).
 */
export async function readPlanStats(db: DataSource): Promise<PlanStats> {
  // Both pools: the data source's and the one whose sessions plan once (prepared-statements.ts).
  // All at once, in one tick: pg-pool hands out its idle clients first, so none is opened for this.
  const checkouts = statementPools(db)
    .filter((pool) => typeof pool.idleCount === 'number')
    .flatMap((pool) => Array.from({ length: pool.idleCount }, () => pool.connect()));
  const clients = (await Promise.allSettled(checkouts))
    .filter((outcome): outcome is PromiseFulfilledResult<PoolClient> => outcome.status === 'fulfilled')
    .map((outcome) => outcome.value);
  const sums = new Map<string, StatementPlans>();
  let connections = 0;
  try {
    const answers = await Promise.allSettled(
      clients.map((client) =>
        client.query<{ name: string; generic_plans: string; custom_plans: string }>(
          `SELECT name, generic_plans, custom_plans FROM pg_prepared_statements WHERE name LIKE 'cc\\_%'`,
        ),
      ),
    );
    for (const answer of answers) {
      if (answer.status !== 'fulfilled') continue;
      connections += 1;
      for (const row of answer.value.rows) {
        const sum = sums.get(row.name) ?? { name: row.name, genericPlans: 0, customPlans: 0 };
        sum.genericPlans += Number(row.generic_plans);
        sum.customPlans += Number(row.custom_plans);
        sums.set(row.name, sum);
      }
    }
  } finally {
    for (const client of clients) client.release();
  }
  return { connections, statements: [...sums.values()].sort((a, b) => a.name.localeCompare(b.name)) };
}
