#!/usr/bin/env node
// `npm run bench:explain`: EXPLAIN ANALYZE of the feed pages' prepared statements on the campus
// dataset (build it first with `npm run bench -- --scale campus`), as the app runs them (issue 30):
// each statement prepared by name on one of the app's own pool connections (its session settings,
// plan_cache_mode as the app leaves it: nothing forced), executed 6 times with the page's values so
// PostgreSQL has settled on the plan it keeps (five custom plans, then the generic one unless it
// looks dearer), then EXPLAIN (ANALYZE, SUMMARY) EXECUTE, per-node timing off. Each page prints
// pg_prepared_statements' generic_plans and custom_plans for its statement and its Planning and
// Execution Time: a statement re-planned on every execution shows only custom plans and its
// planning time. Writes bench/results/feed-plans-latest.txt (`-- --scale tiny`: the tiny dataset,
// written to feed-plans-tiny.txt, for a quick look; `--variant hidden2`: that variant's database).
//
// The values are the app's (PostListQuery, page size 10: the rows wanted are in the statement's
// text): the viewer, the list's own parameters, then the keyset position on a next page.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VACUUMED_TABLES, withDatabase } from './dataset/generate.mjs';
import { explainCases } from './lib/plans.mjs';

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
const { postOrganizationCompanion } = dist('modules/organizations/index.js');
const { usePostPageCompanions } = dist('modules/posts/index.js');
const { PlanChoice, statementPools } = dist('infra/db/prepared-statements.js');
const args = process.argv.slice(2);
const scale = args.includes('--scale') ? args[args.indexOf('--scale') + 1] : 'campus';
const variant = args.includes('--variant') ? args[args.indexOf('--variant') + 1] : null;
const database = `campus_bench_${scale}${variant ? `_${variant}` : ''}`;

const adminUrl = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseUrl = withDatabase(adminUrl, database);

const db = await openDatabase({ databaseUrl, pgliteDir: '' }, ENTITIES);
const output = [`# Feed statements on ${database}, ${new Date().toISOString().slice(0, 10)}, as the app runs them`, ''];
try {
  const ds = db.dataSource;
  // As the benchmark does over an existing dataset: a previous run's writes leave dead row versions.
  await ds.query(`VACUUM (ANALYZE) ${VACUUMED_TABLES}`);
  const [{ data: fixtures }] = await ds.query('SELECT data FROM bench_fixtures');
  const { student, heavy } = fixtures.actors;
  // As services.ts does: a card's organization is read in the page's statement.
  usePostPageCompanions(ds, [postOrganizationCompanion(ds)]);
  const feeds = new FeedService(ds);
  const posts = new PostService(ds, null, null, null, null);
  const events = new EventsService(ds, posts, () => '');
  const organizations = new OrganizationService(ds, null, null, null);
  const [club] = await ds.query(`SELECT id FROM organizations WHERE slug = 'bench-club-0000'`);
  const cases = [
    ['Home, first page, follows 150 (per-followee plan)', feeds.homePages.statements[0], [student.uid, 1000]],
    ['Home, first page, follows 5000 (campus walk)', feeds.homePages.statements[0], [heavy.uid, 1000]],
    ['Explore, first page', feeds.explorePages.statements[0], [student.uid]],
    // Issue 25: the student's campus (a third of the dataset), the app's default scope.
    ["Explore, first page, the student's campus", feeds.campusExplorePages.statements[0], [student.uid]],
    // The page everyone opens, without a filter (a filtered one is planned each run).
    ['Events, first page', events.upcomingPages.plain.statements[0], [student.uid]],
    ["Events, first page, the student's campus", events.campusUpcomingPages.plain.statements[0], [student.uid]],
    // The statement for a page of 10 (the web's profile asks for 12: a statement of its own, the same plan shape).
    ['Profile posts, first page', posts.authorPages.statements[0], [student.uid, heavy.uid]],
    // Issue 26: its biggest club's page, and the Events page's 'From my organizations'.
    ['Organization page posts, first page (the biggest club)', organizations.postPages.statements[0], [student.uid, club.id]],
    ['Events from my organizations, first page', events.organizationUpcomingPages.plain.statements[0], [student.uid]],
  ].map(([label, statement, values]) => ({ label, statement, values }));
  // A connection of each of the app's own pools (data-source.ts): the one whose sessions plan once
  // (PlanChoice.ONCE, the feed pages) and the data source's; their session settings, nothing changed.
  const [own, once = own] = statementPools(ds);
  const clients = { own: await own.connect(), once: await once.connect() };
  try {
    output.push(...(await explainCases((statement) => (statement.plan === PlanChoice.ONCE ? clients.once : clients.own), cases)));
  } finally {
    clients.own.release();
    clients.once.release();
  }
} finally {
  await db.close();
}
const file = path.join(
  root,
  'bench',
  'results',
  scale === 'campus' && !variant ? 'feed-plans-latest.txt' : `feed-plans-${database.replace('campus_bench_', '')}.txt`,
);
fs.writeFileSync(file, `${output.join('\n')}\n`);
console.log(output.filter((line) => line.startsWith('## ') || /^after \d+ executions|^planned on every run/.test(line)).join('\n'));
console.log(`wrote ${path.relative(root, file)}`);
