// Drives HTTP load with autocannon at a fixed concurrency for a fixed time, and the raw-SQL floor
// with a pg Pool at the same concurrency. Latencies are kept exactly (autocannon's own histogram
// rounds to whole milliseconds), errors are non-2xx answers or GraphQL `errors`, and SQL
// statements per request come from the api's X-SQL-Statements header.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { PLANNED_ONCE, PLANNED_PER_RUN, PLAN_ONCE_OPTION, explainAsRun, readSessionPlans, statementName, sumPlans } from './plans.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// BENCH_CONCURRENCY=1 measures one request at a time (what a page costs unqueued); 16 by default.
export const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 16);

/**
 * `requests`: autocannon request objects ({ method, path, headers, body, setupRequest }); a
 * connection cycles through them in order (like then unlike, follow then unfollow...).
 */
export async function runHttp({ url, requests, seconds, warmupSeconds = 0, meter = null }) {
  if (warmupSeconds > 0) await drive({ url, requests, seconds: warmupSeconds });
  await meter?.start();
  const result = await drive({ url, requests, seconds });
  return withCpu(result, await meter?.stop());
}

/** CPU per answered request from a cpu.mjs meter's figures. */
function withCpu(result, cpu) {
  if (!cpu || !result.requests) return result;
  return {
    ...result,
    apiCpuMsPerRequest: cpu.apiCpuMs === null ? null : round(cpu.apiCpuMs / result.requests, 3),
    postgresCpuMsPerRequest: round(cpu.postgresCpuMs / result.requests, 3),
    load1m: cpu.load1m,
  };
}

async function drive({ url, requests, seconds }) {
  const latencies = [];
  const stats = { errors: 0, statements: 0, withHeader: 0, firstError: null };
  const checked = requests.map((request) => ({
    ...request,
    onResponse(status, body, _context, headers) {
      const name = Object.keys(headers).find((key) => key.toLowerCase() === 'x-sql-statements');
      const count = name === undefined ? NaN : Number(headers[name]);
      if (Number.isFinite(count)) {
        stats.statements += count;
        stats.withHeader += 1;
      }
      let failed = status < 200 || status >= 300;
      if (!failed && body && body.startsWith('{')) {
        try {
          const json = JSON.parse(body);
          failed = Array.isArray(json.errors) || json.success === false;
        } catch {
          failed = true;
        }
      }
      if (failed) {
        stats.errors += 1;
        stats.firstError ??= `${status} ${String(body).slice(0, 300)}`;
      }
    },
  }));
  const instance = autocannon({ url, connections: CONCURRENCY, duration: seconds, requests: checked, timeout: 10 });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  const elapsed = seconds; // autocannon stops at the duration; rps over the counted answers
  return summarise(latencies, elapsed, {
    errors: stats.errors + result.errors + result.timeouts,
    sqlPerRequest: stats.withHeader ? round(stats.statements / stats.withHeader, 2) : null,
    firstError: stats.firstError,
  });
}

/**
 * The floor: the statements one api request issued (captured from the api), replayed in the same
 * order on one pooled connection per request, CONCURRENCY requests at a time, each as a named
 * prepared statement (parsed once per connection; planned as PostgreSQL decides under the api's own
 * session settings, so it keeps one generic plan where the api's statement can), with the api's
 * session settings. Reports how PostgreSQL planned it: pg_prepared_statements' generic and custom
 * plans over the measured window (after the warm-up) on every connection of the floor's pool, and
 * the planning share of one request: each statement explained on a warmed connection
 * (EXPLAIN ANALYZE EXECUTE, median of PLANNING_SAMPLES), Planning Time against Execution Time.
 */
export async function runFloor({
  databaseUrl,
  statements,
  seconds,
  warmupSeconds = 0,
  meter = null,
  sessionOptions = apiSessionOptions(),
}) {
  // A statement the api plans on every run (search's lists: api/src/infra/db/prepared-statements.ts)
  // is replayed unnamed, planned on every run too; one it plans once runs, as in the api, on
  // sessions that force generic plans (a second pool); the rest on sessions like the api's own.
  const named = statements.map((statement) => {
    const name = statement.sql.startsWith(PLANNED_PER_RUN) ? undefined : statementName(statement.sql, 'floor_');
    return {
      name,
      pool: statement.sql.startsWith(PLANNED_ONCE) ? 'once' : 'own',
      query: { ...(name && { name }), text: statement.sql, values: statement.parameters },
    };
  });
  const names = named.filter((statement) => statement.name).map((statement) => statement.name);
  const pools = {
    own: new pg.Pool({ connectionString: databaseUrl, max: CONCURRENCY, options: sessionOptions }),
    once: new pg.Pool({ connectionString: databaseUrl, max: CONCURRENCY, options: `${sessionOptions} ${PLAN_ONCE_OPTION}` }),
  };
  // Every connection of both pools (all idle between runs), for pg_prepared_statements.
  const everyConnection = async (fn) => {
    const clients = await Promise.all(
      Object.values(pools).flatMap((pool) => Array.from({ length: pool.totalCount }, () => pool.connect())),
    );
    try {
      return await fn(clients);
    } finally {
      for (const client of clients) client.release();
    }
  };
  try {
    const once = async (until, latencies) => {
      while (Date.now() < until) {
        const started = process.hrtime.bigint();
        // One connection of each pool the request's statements need, held for the request.
        const clients = {};
        try {
          for (const statement of named) {
            clients[statement.pool] ??= await pools[statement.pool].connect();
            await clients[statement.pool].query(statement.query);
          }
        } finally {
          for (const client of Object.values(clients)) client.release();
        }
        latencies?.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    };
    if (warmupSeconds > 0) {
      const until = Date.now() + warmupSeconds * 1000;
      await Promise.all(Array.from({ length: CONCURRENCY }, () => once(until, null)));
    }
    const before = sumPlans(await everyConnection((clients) => readSessionPlans(clients, names)), names);
    const latencies = [];
    await meter?.start();
    const started = Date.now();
    const until = started + seconds * 1000;
    await Promise.all(Array.from({ length: CONCURRENCY }, () => once(until, latencies)));
    const result = summarise(latencies, (Date.now() - started) / 1000, { errors: 0, sqlPerRequest: statements.length });
    const cpu = await meter?.stop();
    const after = sumPlans(await everyConnection((clients) => readSessionPlans(clients, names)), names);
    const planning = await planningShare(pools, named);
    return {
      ...withCpu(result, cpu),
      // Plans made over the measured window, on every connection (the warm-up's before it are left out).
      genericPlans: after.generic - before.generic,
      customPlans: after.custom - before.custom,
      plans: { connections: after.connections, named: names.length, unnamed: named.length - names.length, total: after },
      ...planning,
    };
  } finally {
    await Promise.all(Object.values(pools).map((pool) => pool.end()));
  }
}

const PLANNING_SAMPLES = 5;

/** One request's Planning and Execution Time, each statement explained PLANNING_SAMPLES times on one warmed connection (medians, summed). */
async function planningShare(pools, named) {
  const clients = { own: await pools.own.connect(), once: await pools.once.connect() };
  try {
    let planningMs = 0;
    let executionMs = 0;
    for (const statement of named) {
      const client = clients[statement.pool];
      const { name = null, text, values } = statement.query;
      // Prepared on this connection if the load never gave it this one (a no-op for the plan it keeps).
      await client.query(statement.query);
      const runs = [];
      for (let i = 0; i < PLANNING_SAMPLES; i++) runs.push(await explainAsRun(client, { name, text, values, executions: 0 }));
      planningMs += median(runs.map((run) => run.planningMs));
      executionMs += median(runs.map((run) => run.executionMs));
    }
    return {
      planningMs: round(planningMs, 3),
      executionMs: round(executionMs, 3),
      planningShare: planningMs + executionMs > 0 ? round(planningMs / (planningMs + executionMs), 2) : null,
    };
  } finally {
    clients.own.release();
    clients.once.release();
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The api's own session settings (api/src/infra/db/data-source.ts), from its build, so the floor runs the statements the same way. */
function apiSessionOptions() {
  try {
    const require = createRequire(path.join(root, 'api', 'package.json'));
    require('reflect-metadata');
    return require(path.join(root, 'api', 'dist', 'infra', 'db', 'data-source.js')).POSTGRES_SESSION_OPTIONS;
  } catch {
    return '-c jit=off -c max_parallel_workers_per_gather=0';
  }
}

function summarise(latencies, seconds, extra) {
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: sorted.length,
    rps: round(sorted.length / seconds, 1),
    p50Ms: round(quantile(sorted, 0.5), 2),
    p99Ms: round(quantile(sorted, 0.99), 2),
    ...extra,
  };
}

/** Value at quantile q (0..1) of an ascending-sorted array (nearest rank); null when empty. */
export function quantile(sorted, q) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** Rounds for reports; a missing figure stays missing. */
export function round(value, digits = 1) {
  if (value === null || value === undefined) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
