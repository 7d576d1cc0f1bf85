// How PostgreSQL plans the statements the benchmark measures (issue 30): the api's own counts
// (its /metrics, api/src/infra/db/plan-stats.ts), a pg session's pg_prepared_statements, a
// statement's planning and execution time (EXPLAIN ANALYZE EXECUTE), and the plan-printing loop of
// bench:explain and bench:explain-search.
import { createHash } from 'node:crypto';
import pg from 'pg';

/** The comment that opens a statement the api plans on every run (api/src/infra/db/prepared-statements.ts). */
export const PLANNED_PER_RUN = '/* planned per run */';
/** The comment that opens a statement the api plans once (PlanChoice.ONCE: sessions forcing generic plans). */
export const PLANNED_ONCE = '/* planned once */';
/** The session setting those sessions add (api/src/infra/db/prepared-statements.ts, openPlanOncePool). */
export const PLAN_ONCE_OPTION = '-c plan_cache_mode=force_generic_plan';

/** The name the api prepares a statement's text under (PreparedStatement: `cc_` and a hash of the text). */
export function statementName(sql, prefix = 'cc_') {
  return `${prefix}${createHash('sha256').update(sql).digest('hex').slice(0, 20)}`;
}

/** A value as an SQL literal for EXECUTE name(...), converted as pg converts a bound parameter (its type left to the statement). */
export function sqlLiteral(value) {
  // pg's own conversion (arrays to '{...}', dates to timestamps with their offset, objects to JSON).
  const prepared = pg.utils.prepareValue(value);
  return prepared === null || prepared === undefined ? 'NULL' : pg.escapeLiteral(String(prepared));
}

/**
 * The api's plan counts, read from its /metrics (campus_prepared_statement_plans, summed over the
 * pool connections idle when read: campus_prepared_statement_connections).
 */
export async function readApiPlans(apiUrl) {
  const response = await fetch(`${apiUrl}/metrics`);
  if (!response.ok) throw new Error(`${apiUrl}/metrics answered ${response.status}`);
  const text = await response.text();
  const byName = new Map();
  let connections = null;
  for (const line of text.split('\n')) {
    const plans = /^campus_prepared_statement_plans\{(?=.*statement="([^"]+)")(?=.*plan="(generic|custom)").*\} (\S+)$/.exec(line);
    if (plans) {
      const entry = byName.get(plans[1]) ?? { generic: 0, custom: 0 };
      entry[plans[2]] = Number(plans[3]);
      byName.set(plans[1], entry);
    }
    const count = /^campus_prepared_statement_connections (\S+)$/.exec(line);
    if (count) connections = Number(count[1]);
  }
  if (connections === null)
    throw new Error(`${apiUrl}/metrics has no campus_prepared_statement_connections (an api built before issue 30?)`);
  return { connections, byName };
}

/** Sums the counts of `names` in a plan reading ({ connections, byName }). */
export function sumPlans(reading, names) {
  let generic = 0;
  let custom = 0;
  for (const name of names) {
    const entry = reading.byName.get(name);
    if (entry) {
      generic += entry.generic;
      custom += entry.custom;
    }
  }
  return { connections: reading.connections, generic, custom, found: names.filter((name) => reading.byName.has(name)).length };
}

/** pg_prepared_statements of pg clients (each a session), summed per statement name, as readApiPlans gives it. */
export async function readSessionPlans(clients, names) {
  const byName = new Map();
  for (const client of clients) {
    const { rows } = await client.query('SELECT name, generic_plans, custom_plans FROM pg_prepared_statements WHERE name = ANY($1)', [
      names,
    ]);
    for (const row of rows) {
      const entry = byName.get(row.name) ?? { generic: 0, custom: 0 };
      entry.generic += Number(row.generic_plans);
      entry.custom += Number(row.custom_plans);
      byName.set(row.name, entry);
    }
  }
  return { connections: clients.length, byName };
}

const EXPLAIN = 'EXPLAIN (ANALYZE, SUMMARY ON, TIMING OFF, COSTS OFF, BUFFERS OFF)';

/**
 * EXPLAIN ANALYZE of one statement run as the app runs it, on `client` (a session with the app's
 * settings): a named statement (`name`) is executed by name `executions` times first, so PostgreSQL
 * has made whatever plan it keeps (under the default plan_cache_mode: five custom plans, then the
 * generic one if it is not dearer), then explained with EXPLAIN ... EXECUTE; a statement planned on
 * every run (its text opens with PLANNED_PER_RUN, or no name) is run unnamed and explained with its
 * values bound. Returns the plan's lines, its Planning and Execution Time (ms) and, for a named
 * statement, pg_prepared_statements' generic_plans and custom_plans after the explained execution.
 */
export async function explainAsRun(client, { name, text, values, executions = 6 }) {
  const unnamed = !name || text.startsWith(PLANNED_PER_RUN);
  for (let i = 0; i < executions; i++) await client.query(unnamed ? { text, values } : { name, text, values });
  const { rows } = unnamed
    ? await client.query({ text: `${EXPLAIN} ${text}`, values })
    : await client.query(`${EXPLAIN} EXECUTE ${name}(${values.map(sqlLiteral).join(', ')})`);
  const lines = rows.map((row) => row['QUERY PLAN']);
  const time = (label) => Number(lines.map((line) => new RegExp(`^${label} Time: ([\\d.]+) ms`).exec(line)).find(Boolean)?.[1] ?? NaN);
  const counts = unnamed
    ? null
    : (await client.query('SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = $1', [name])).rows[0];
  return {
    lines,
    planningMs: time('Planning'),
    executionMs: time('Execution'),
    genericPlans: counts ? Number(counts.generic_plans) : null,
    customPlans: counts ? Number(counts.custom_plans) : null,
  };
}

/**
 * The plan-printing loop of bench:explain and bench:explain-search: each case ({ label, statement:
 * { name, text }, values }) explained as the app runs it (explainAsRun), each case under a name of
 * its own so it starts with no plan. Returns the report's lines.
 */
export async function explainCases(clientFor, cases, { executions = 6 } = {}) {
  const output = [];
  for (const [index, { label, statement, values }] of cases.entries()) {
    const planned = statement.text.startsWith(PLANNED_PER_RUN);
    // `clientFor(statement)`: a connection of the pool the app runs it on (its plan-once sessions, or its own).
    const client = typeof clientFor === 'function' ? await clientFor(statement) : clientFor;
    const run = await explainAsRun(client, {
      name: planned ? null : `${statement.name}_${index}`,
      text: statement.text,
      values,
      executions,
    });
    const how = planned
      ? `planned on every run (unnamed, by design): a custom plan each time`
      : `after ${executions + 1} executions by name: ${run.genericPlans} generic, ${run.customPlans} custom plans`;
    output.push(`## ${label}`, '', `${how}; planning ${run.planningMs} ms, execution ${run.executionMs} ms`, '', ...run.lines, '');
  }
  return output;
}
