#!/usr/bin/env node
// `npm run bench -- --scale tiny|campus [--variant hidden2] [--smoke] [--reuse]`
// Builds the dataset (campus_bench_<scale>, seeded, through COPY), starts the built api against it
// with rate limits off, signs the actors in through the auth emulator, drives every scenario at
// concurrency 16 for a fixed time (feeds also as raw SQL: the floor), checks the counters, runs the
// live/uploads/web-weight modules when present, and writes bench/results/<scale>-latest.{json,md}
// (<scale>-smoke.* for --smoke).
// --smoke: short runs; fails only when something crashes or a request errs, never on time.
// --reuse: keep an existing campus_bench_<scale> database (for profiling); the default rebuilds it.
// --variant hidden2: the same dataset with 2 % of posts processing or hidden (dataset/scales.mjs
// VARIANTS), in campus_bench_<scale>_hidden2, written to <scale>-hidden2-*: pages should stay flat.
// Plans (issue 30): after each captured scenario's warm-up and after its measured window, the api's
// plan counts for that scenario's statements are read from its /metrics
// (campus_prepared_statement_plans), so api.customPlans is what was planned again after warm-up.
// BENCH_CONCURRENCY=1: one request at a time, written to <scale>-c1-latest.* beside the main figures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureEmulator } from '../scripts/emulator.mjs';
import { buildDataset, counterMismatches, VACUUMED_TABLES, withClient, withDatabase } from './dataset/generate.mjs';
import { actorToken } from './lib/accounts.mjs';
import { startApi } from './lib/api-process.mjs';
import { openSqlCapture } from './lib/capture-sql.mjs';
import { cpuMeter } from './lib/cpu.mjs';
import { CONCURRENCY, round, runFloor, runHttp } from './lib/load.mjs';
import { PLANNED_PER_RUN, readApiPlans, statementName, sumPlans } from './lib/plans.mjs';
import { renderMarkdown } from './lib/report.mjs';
import { evaluateTargets } from './lib/targets.mjs';
import { readScenarios, writeScenarios } from './scenarios/actions.mjs';
import { feedScenarios } from './scenarios/feeds.mjs';
import { notificationScenarios } from './scenarios/notifications.mjs';
import { eventScenarios } from './scenarios/events.mjs';
import { searchScenarios } from './scenarios/search.mjs';
import { organizationScenarios } from './scenarios/organizations.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const scale = option('--scale', 'tiny');
const variant = option('--variant', null);
const smoke = args.includes('--smoke');
const reuse = args.includes('--reuse');
const only = option('--only', null)?.split(',');
const seconds = Number(option('--seconds', smoke ? 1.5 : scale === 'campus' ? 10 : 5));
const warmupSeconds = smoke ? 0.5 : 2;
const adminUrl = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (message) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

async function main() {
  const started = Date.now();
  const loadAtStart = os.loadavg()[0];
  const dataset = await prepareDataset();
  const emulator = await ensureEmulator({ port: Number(process.env.TEST_AUTH_EMULATOR_PORT || 9099) });
  const apis = [];
  const startOne = async (extraEnv = {}) => {
    const api = await startApi({ root, databaseUrl: dataset.databaseUrl, emulatorHost: emulator.host, extraEnv });
    apis.push(api);
    return api;
  };
  const scenarios = [];
  let counters = null;
  const modules = {};
  try {
    const actors = dataset.actors;
    const tokens = {};
    for (const [name, actor] of Object.entries(actors)) tokens[name] = await actorToken(emulator.host, actor.uid);
    const api = await startOne();
    log(`api on ${api.url} (RATE_LIMITS=off), actors signed in`);

    // The Events page's and the organization page's pages go through the SQL capture with the feeds
    // (statements per page).
    // Search's requests too (issue 27): their statements are replayed as their floor.
    const feeds = [
      ...(await feedScenarios({ apiUrl: api.url, tokens, actors })),
      ...(await eventScenarios({ apiUrl: api.url, tokens })),
      ...(await organizationScenarios({ apiUrl: api.url, tokens })),
      ...searchScenarios({ tokens }),
    ];
    const wanted = (scenario) => !only || only.includes(scenario.id);
    // Capture each feed request's SQL in a separate in-process api, then let it go before the load.
    const capture = await openSqlCapture({ root, databaseUrl: dataset.databaseUrl, emulatorHost: emulator.host });
    try {
      for (const scenario of feeds.filter(wanted)) scenario.statements = await capture.capture(scenario.request);
    } finally {
      await capture.close();
    }

    const all = [
      ...feeds,
      ...readScenarios({ tokens, fixtures: dataset.fixtures }),
      ...(!only || only.includes('notifications') || only.includes('unread-count')
        ? await notificationScenarios({ databaseUrl: dataset.databaseUrl, tokens, actors })
        : []),
      ...writeScenarios({ tokens, fixtures: dataset.fixtures }),
    ];
    for (const scenario of all.filter(wanted)) {
      const result = { id: scenario.id, name: scenario.name, kind: scenario.kind };
      const meter = (apiPid) => cpuMeter({ databaseUrl: dataset.databaseUrl, database: dataset.database, apiPid });
      const plans = scenario.statements ? watchApiPlans(api.url, scenario.statements, meter(api.pid)) : null;
      result.api = await runHttp({
        url: api.url,
        requests: scenario.requests ?? [scenario.request],
        seconds,
        warmupSeconds,
        meter: plans?.meter ?? meter(api.pid),
      });
      if (plans) Object.assign(result.api, plans.result());
      if (scenario.statements) {
        const floorMeter = meter(null);
        result.floor = await runFloor({
          databaseUrl: dataset.databaseUrl,
          statements: scenario.statements,
          seconds,
          warmupSeconds,
          meter: floorMeter,
        });
        result.apiShareOfFloor = result.floor.rps ? round(result.api.rps / result.floor.rps, 2) : null;
        result.sql = scenario.statements.map((statement) => statement.sql);
      }
      scenarios.push(result);
      log(
        `${scenario.id}: ${result.api.rps} rps, p50 ${result.api.p50Ms} ms, p99 ${result.api.p99Ms} ms, ${result.api.errors} errors, ${result.api.sqlPerRequest} SQL/req, ` +
          `CPU ms/req api ${result.api.apiCpuMsPerRequest} pg ${result.api.postgresCpuMsPerRequest}, load ${result.api.load1m}` +
          (result.api.plans ? `, plans after warm-up ${result.api.genericPlans} generic ${result.api.customPlans} custom` : '') +
          (result.floor
            ? `; floor ${result.floor.rps} rps, p99 ${result.floor.p99Ms} ms, plans ${result.floor.genericPlans} generic ${result.floor.customPlans} custom, planning ${Math.round(result.floor.planningShare * 100)} %`
            : ''),
      );
      if (result.api.firstError) log(`  first error: ${result.api.firstError}`);
    }
    counters = await withClient(dataset.databaseUrl, counterMismatches);
    log(`counters vs rows after the writes: ${JSON.stringify(counters)} mismatching rows`);
    // The create-post scenario queued a transcoding job per post, over dataset uploads that have no
    // files: drop them, or the next modules' workers would spend minutes failing them first.
    const dropped = await withClient(dataset.databaseUrl, async (client) =>
      client
        .query(`DELETE FROM pgboss.job WHERE name = 'video-transcode' AND state IN ('created', 'retry')`)
        .catch(() => ({ rowCount: 0 })),
    );
    if (dropped.rowCount)
      log(`dropped ${dropped.rowCount} queued transcoding jobs of the create-post scenario (dataset uploads have no files)`);
    await Promise.all(apis.splice(0).map((one) => one.stop()));

    const ctx = {
      scale,
      smoke,
      root,
      apiUrl: null,
      databaseUrl: dataset.databaseUrl,
      tokens,
      emulatorHost: emulator.host,
      startApi: startOne,
    };
    for (const [file, exported] of [
      ['live.mjs', 'measureLive'],
      ['uploads.mjs', 'measureUploads'],
      ['web-weight.mjs', 'measureWebWeight'],
      ['transcoding.mjs', 'measureTranscoding'],
    ]) {
      const modulePath = path.join(root, 'bench', file);
      if (only && !only.includes(file.replace('.mjs', ''))) continue;
      if (!fs.existsSync(modulePath)) {
        modules[file] = { skipped: `bench/${file} is not there yet` };
        continue;
      }
      log(`${file}…`);
      try {
        const imported = await import(pathToFileURL(modulePath).href);
        modules[file] = await imported[exported](ctx);
      } catch (error) {
        modules[file] = { failed: error instanceof Error ? error.stack : String(error) };
        log(`${file} failed: ${modules[file].failed}`);
      } finally {
        await Promise.all(apis.splice(0).map((one) => one.stop()));
      }
    }
  } finally {
    await Promise.all(apis.map((one) => one.stop()));
    await emulator.stop();
  }

  const result = {
    scale,
    variant,
    smoke,
    date: new Date().toISOString(),
    machine: {
      cores: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? null,
      memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
      node: process.version,
      // Other work on the machine skews every figure: a 1-minute load average far above the core count says so.
      loadAverage1m: { atStart: round(loadAtStart, 2), atEnd: round(os.loadavg()[0], 2) },
      postgres: await withClient(adminUrl, async (client) => (await client.query('SHOW server_version')).rows[0].server_version),
    },
    settings: {
      concurrency: CONCURRENCY,
      secondsPerScenario: seconds,
      warmupSeconds,
      rateLimits: 'off (RATE_LIMITS=off: the benchmark is never throttled)',
    },
    dataset: {
      database: dataset.database,
      seed: dataset.seed,
      loadSeconds: dataset.seconds,
      timings: dataset.timings,
      rows: dataset.counts,
      actors: dataset.actors,
    },
    scenarios,
    counters,
    modules,
  };
  result.targets = evaluateTargets(result);
  result.totalSeconds = round((Date.now() - started) / 1000, 1);
  fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  // Smoke runs (CI) write beside the real figures, never over them.
  // Another concurrency than 16 writes beside the main figures too (campus-c1-latest.*).
  const base = path.join(
    root,
    'bench',
    'results',
    `${scale}${variant ? `-${variant}` : ''}${CONCURRENCY === 16 ? '' : `-c${CONCURRENCY}`}-${smoke ? 'smoke' : 'latest'}`,
  );
  fs.writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`);
  fs.writeFileSync(`${base}.md`, renderMarkdown(result));
  log(`wrote ${path.relative(root, base)}.json and .md in ${result.totalSeconds} s`);

  const errors = scenarios.reduce((sum, s) => sum + s.api.errors, 0);
  const moduleFailures = Object.entries(modules).filter(([, value]) => value.failed);
  const counterDrift = counters && (counters.users || counters.posts);
  if (errors || moduleFailures.length || counterDrift) {
    console.error(`bench: ${errors} request errors, ${moduleFailures.length} failed modules, counters ${JSON.stringify(counters)}`);
    return 1;
  }
  return 0;
}

/**
 * The api's plan counts for a scenario's statements (the named ones: a statement planned on every
 * run, or run through TypeORM, has no name and no counts), read when the meter starts (after the
 * warm-up) and when it stops: `meter` wrapped so. result(): api.genericPlans and api.customPlans
 * made over the measured window, and api.plans (the totals at its end, the connections read, how
 * many of the scenario's statements the api runs by name).
 */
function watchApiPlans(apiUrl, statements, meter) {
  const nameOf = (statement) => (statement.sql.startsWith(PLANNED_PER_RUN) ? null : statementName(statement.sql));
  const names = [...new Set(statements.map(nameOf).filter(Boolean))];
  // The load's last answers may still hold a connection: a connection busy when read is not counted.
  const settled = () => new Promise((resolve) => setTimeout(resolve, 150));
  let before = null;
  let after = null;
  return {
    meter: {
      async start() {
        await settled();
        before = await readApiPlans(apiUrl);
        await meter.start();
      },
      async stop() {
        const cpu = await meter.stop();
        await settled();
        after = await readApiPlans(apiUrl);
        return cpu;
      },
    },
    result: () => {
      const [start, end] = [sumPlans(before, names), sumPlans(after, names)];
      const named = statements.filter((statement) => after.byName.has(nameOf(statement))).length;
      return {
        genericPlans: end.generic - start.generic,
        customPlans: end.custom - start.custom,
        plans: {
          connections: end.connections,
          named,
          unnamed: statements.length - named,
          total: { generic: end.generic, custom: end.custom },
        },
      };
    },
  };
}

/** A fresh dataset unless --reuse finds one already built (its fixtures are kept in the database). */
async function prepareDataset() {
  const database = `campus_bench_${scale}${variant ? `_${variant}` : ''}`;
  const databaseUrl = withDatabase(adminUrl, database);
  if (reuse) {
    const existing = await withClient(databaseUrl, (client) => client.query('SELECT data FROM bench_fixtures')).catch(() => null);
    if (existing?.rows.length) {
      // A previous run's writes left dead row versions on the actors' rows (each follow, like and
      // comment updates a counter): unvacuumed, they tripled Home's time in the next run.
      await withClient(databaseUrl, (client) => client.query(`VACUUM (ANALYZE) ${VACUUMED_TABLES}`));
      log(`reusing ${database} (vacuumed)`);
      const saved = existing.rows[0].data;
      return {
        ...saved,
        databaseUrl,
        fixtures: { ...saved.fixtures, uploadUrls: await unusedUploads(databaseUrl, saved.actors.student.uid) },
      };
    }
  }
  const built = await buildDataset({ scale, variant, adminUrl, log });
  await withClient(databaseUrl, async (client) => {
    const { uploadUrls: _uploads, ...fixtures } = built.fixtures;
    const saved = {
      database,
      seed: built.seed,
      seconds: built.seconds,
      timings: built.timings,
      counts: built.counts,
      actors: built.actors,
      fixtures,
    };
    await client.query('CREATE TABLE bench_fixtures (data jsonb NOT NULL)');
    await client.query('INSERT INTO bench_fixtures VALUES ($1)', [saved]);
  });
  return built;
}

async function unusedUploads(databaseUrl, ownerUid) {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `SELECT '/media/' || u.media_path AS url FROM uploads u
        WHERE u.owner_uid = $1 AND u.status = 'complete' AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.upload_id = u.id)
        ORDER BY u.media_path`,
      [ownerUid],
    );
    return rows.map((row) => row.url);
  });
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error('bench: crashed:', error);
    process.exit(1);
  },
);
