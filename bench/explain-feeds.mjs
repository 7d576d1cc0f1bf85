#!/usr/bin/env node
// `npm run bench:explain`: EXPLAIN ANALYZE of the feed pages' prepared statements on the campus
// dataset (build it first with `npm run bench -- --scale campus`), as PostgreSQL plans them per
// execution (custom plan) and once for all (generic plan, what a prepared statement settles on),
// with the api's session settings and per-node timing off. Single executions on a fresh session:
// the benchmark's CPU per request is the steady state. Writes bench/results/feed-plans-latest.txt
// (`-- --scale tiny`: the tiny dataset, written to feed-plans-tiny.txt, for a quick look).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VACUUMED_TABLES, withDatabase } from './dataset/generate.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'api', 'package.json'));
require('reflect-metadata');
const dist = (file) => require(path.join(root, 'api', 'dist', file));
const { openDatabase } = dist('infra/db/data-source.js');
const { ENTITIES } = dist('modules/entities.js');
const { FeedService } = dist('modules/feeds/feed.service.js');
const { PostService } = dist('modules/posts/post.service.js');
const { EventsService } = dist('modules/events/events.service.js');
const { OrganizationService } = dist('modules/organizations/organization.service.js');
const args = process.argv.slice(2);
const scale = args.includes('--scale') ? args[args.indexOf('--scale') + 1] : 'campus';

const adminUrl = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseUrl = withDatabase(adminUrl, `campus_bench_${scale}`);
const literal = (value) =>
  value === null ? 'NULL' : typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;

const db = await openDatabase({ databaseUrl, pgliteDir: '' }, ENTITIES);
const output = [`# Feed statements on campus_bench_${scale}, ${new Date().toISOString().slice(0, 10)}`, ''];
try {
  const ds = db.dataSource;
  // As the benchmark does over an existing dataset: a previous run's writes leave dead row versions.
  await ds.query(`VACUUM (ANALYZE) ${VACUUMED_TABLES}`);
  const [{ data: fixtures }] = await ds.query('SELECT data FROM bench_fixtures');
  const { student, heavy } = fixtures.actors;
  const feeds = new FeedService(ds);
  const posts = new PostService(ds, null, null, null, null);
  const events = new EventsService(ds, posts, () => '');
  const organizations = new OrganizationService(ds, null, null, null);
  const [club] = await ds.query(`SELECT id FROM organizations WHERE slug = 'bench-club-0000'`);
  const noFilter = [null, null, null];
  const cases = [
    ['Home, first page, follows 150 (per-followee plan)', feeds.homePages.statements[0], [student.uid, 11, 1000]],
    ['Home, first page, follows 5000 (campus walk)', feeds.homePages.statements[0], [heavy.uid, 11, 1000]],
    ['Explore, first page', feeds.explorePages.statements[0], [student.uid, 11]],
    // Issue 25: the student's campus (a third of the dataset), the app's default scope.
    ["Explore, first page, the student's campus", feeds.campusExplorePages.statements[0], [student.uid, 11]],
    ['Events, first page', events.upcomingPages.statements[0], [student.uid, 11, ...noFilter]],
    ["Events, first page, the student's campus", events.campusUpcomingPages.statements[0], [student.uid, 11, ...noFilter]],
    ['Profile posts, first page', posts.authorPages.statements[0], [student.uid, 11, heavy.uid]],
    // Issue 26: its biggest club's page, and the Events page's 'From my organizations'.
    ['Organization page posts, first page (the biggest club)', organizations.postPages.statements[0], [student.uid, 11, club.id]],
    ['Events from my organizations, first page', events.organizationUpcomingPages.statements[0], [student.uid, 11, ...noFilter]],
  ];
  const runner = ds.createQueryRunner();
  await runner.connect();
  try {
    for (const [label, statement, values] of cases) {
      const args = values.map(literal).join(', ');
      for (const mode of ['force_custom_plan', 'force_generic_plan']) {
        await runner.query(`SET plan_cache_mode = ${mode}`);
        await runner.query(`PREPARE page AS ${statement.text}`);
        // The generic plan is made on the first execution and kept: measure the second.
        if (mode === 'force_generic_plan') await runner.query(`EXECUTE page(${args})`);
        const rows = await runner.query(`EXPLAIN (ANALYZE, TIMING OFF, COSTS OFF, BUFFERS OFF) EXECUTE page(${args})`);
        await runner.query('DEALLOCATE page');
        output.push(
          `## ${label}: ${mode === 'force_custom_plan' ? 'custom plan (planned per execution)' : 'generic plan (prepared once)'}`,
          '',
        );
        output.push(...rows.map((row) => row['QUERY PLAN']), '');
      }
    }
  } finally {
    await runner.release();
  }
} finally {
  await db.close();
}
const file = path.join(root, 'bench', 'results', scale === 'campus' ? 'feed-plans-latest.txt' : `feed-plans-${scale}.txt`);
fs.writeFileSync(file, `${output.join('\n')}\n`);
console.log(output.filter((line) => line.startsWith('## ') || /^(Planning|Execution) Time/.test(line)).join('\n'));
console.log(`wrote ${path.relative(root, file)}`);
