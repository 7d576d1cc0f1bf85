// Drives HTTP load with autocannon at a fixed concurrency for a fixed time, and the raw-SQL floor
// with a pg Pool at the same concurrency. Latencies are kept exactly (autocannon's own histogram
// rounds to whole milliseconds), errors are non-2xx answers or GraphQL `errors`, and SQL
// statements per request come from the api's X-SQL-Statements header.
import { createHash } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';

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
 * prepared statement (parsed and planned once per connection: the best the database can do).
 */
export async function runFloor({ databaseUrl, statements, seconds, warmupSeconds = 0, meter = null }) {
  // A statement the api plans on every run (search's lists: api/src/infra/db/prepared-statements.ts)
  // is replayed unnamed, planned on every run too.
  const named = statements.map((statement) => ({
    ...(statement.sql.startsWith('/* planned per run */')
      ? {}
      : { name: `floor_${createHash('sha256').update(statement.sql).digest('hex').slice(0, 20)}` }),
    text: statement.sql,
    values: statement.parameters,
  }));
  // The api's session settings (api/src/infra/db/data-source.ts: JIT and parallel query off), so the floor runs the same statements the same way.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONCURRENCY, options: '-c jit=off -c max_parallel_workers_per_gather=0' });
  try {
    const once = async (until, latencies) => {
      while (Date.now() < until) {
        const started = process.hrtime.bigint();
        const client = await pool.connect();
        try {
          for (const statement of named) await client.query(statement);
        } finally {
          client.release();
        }
        latencies?.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    };
    if (warmupSeconds > 0) {
      const until = Date.now() + warmupSeconds * 1000;
      await Promise.all(Array.from({ length: CONCURRENCY }, () => once(until, null)));
    }
    const latencies = [];
    await meter?.start();
    const started = Date.now();
    const until = started + seconds * 1000;
    await Promise.all(Array.from({ length: CONCURRENCY }, () => once(until, latencies)));
    const result = summarise(latencies, (Date.now() - started) / 1000, { errors: 0, sqlPerRequest: statements.length });
    return withCpu(result, await meter?.stop());
  } finally {
    await pool.end();
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
