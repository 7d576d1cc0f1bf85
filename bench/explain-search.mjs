#!/usr/bin/env node
// `npm run bench:explain-search -- [--scale tiny|campus]`: EXPLAIN ANALYZE of the search statements
// (issue 27) on a benchmark dataset (build it first: `npm run bench -- --scale <scale>`), for the
// benchmark's four searches, as the app runs them (issue 30): on one of the app's own pool
// connections, nothing forced; a named statement executed 6 times by name, then EXPLAIN (ANALYZE,
// SUMMARY) EXECUTE with its generic and custom plan counts; a list planned on every run by design
// (clips, events) run unnamed, its values bound (bench/lib/plans.mjs explainCases). Shows that
// matching goes through the indexes (posts_search, users_search_name, search_tags_search_key), and
// the size of those indexes. Writes bench/results/search-plans-<scale>-latest.txt.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { actorsFor, withDatabase } from './dataset/generate.mjs';
import { explainCases } from './lib/plans.mjs';
import { SEARCHES } from './scenarios/search.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'api', 'package.json'));
require('reflect-metadata');
const dist = (file) => require(path.join(root, 'api', 'dist', file));
const { openDatabase } = dist('infra/db/data-source.js');
const { ENTITIES } = dist('modules/entities.js');
const { SearchService } = dist('modules/search/search.service.js');
const { searchText } = dist('modules/search/search-text.js');

const { Search1764850000000 } = dist('infra/db/migrations/1764850000000-search.js');
const args = process.argv.slice(2);
// --migration: first time the search migration over the whole dataset (down, then up), as an
// existing deployment meets it; the plans below then use the indexes it built.
const timeMigration = args.includes('--migration');
const scale = args.includes('--scale') ? args[args.indexOf('--scale') + 1] : 'campus';
const adminUrl = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseUrl = withDatabase(adminUrl, `campus_bench_${scale}`);

const db = await openDatabase({ databaseUrl, pgliteDir: '' }, ENTITIES);
const output = [`# Search statements on campus_bench_${scale}, ${new Date().toISOString().slice(0, 10)}`, ''];
try {
  const ds = db.dataSource;
  if (timeMigration) {
    const migration = new Search1764850000000();
    const runner = ds.createQueryRunner();
    await runner.connect();
    try {
      await migration.down(runner);
      const started = Date.now();
      await runner.startTransaction();
      await migration.up(runner);
      await runner.commitTransaction();
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      output.push(
        '## The migration over the dataset',
        '',
        `Search1764850000000.up (columns, indexes, the tag table and its backfill, one transaction): ${seconds} s`,
        '',
      );
      console.log(`migration up: ${seconds} s`);
    } finally {
      await runner.release();
    }
  }
  await ds.query('VACUUM (ANALYZE) posts, users, search_tags');
  const viewer = actorsFor(scale).student.uid;
  const search = new SearchService(ds);
  const [clipsFirst, , eventsFirst, , peopleFirst, , tagsFirst] = search.statements;
  const rankedAt = new Date();
  // The web's search: the student's own campus (scope MINE, the default: true), a page of 10.
  // Clips and events are PostListQuery lists (the rows wanted in their text): the viewer, the words
  // as prefixes and exactly, the instant ranked at, the campus only.
  const postValues = (q) => {
    const text = searchText(q);
    return [viewer, text.matchQuery, text.exactQuery, rankedAt, true];
  };
  const cases = [
    ...SEARCHES.filter((one) => one.type === 'CLIPS').map((one) => [`${one.name}: clips`, clipsFirst, postValues(one.q)]),
    ...SEARCHES.filter((one) => one.type === 'PEOPLE').map((one) => [
      `${one.name}: people`,
      peopleFirst,
      [viewer, 11, searchText(one.q).name, true],
    ]),
    ...SEARCHES.filter((one) => one.type === 'SUGGESTIONS').flatMap((one) => [
      [`${one.name}: people`, peopleFirst, [viewer, 6, searchText(one.q).name, true]],
      [`${one.name}: tags`, tagsFirst, [viewer, 6, searchText(one.q).tag, rankedAt]],
    ]),
    ['Events "club": events', eventsFirst, postValues('club')],
  ];
  const sizes = await ds.query(
    `SELECT c.relname AS index, pg_size_pretty(pg_relation_size(c.oid)) AS size, t.relname AS "table", pg_size_pretty(pg_relation_size(t.oid)) AS table_size
       FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid JOIN pg_class t ON t.oid = i.indrelid
      WHERE c.relname IN ('posts_search', 'posts_event_search', 'users_search_name', 'search_tags_search_key') ORDER BY 1`,
  );
  output.push('## Index sizes', '', ...sizes.map((row) => `${row.index}: ${row.size} (table ${row.table}: ${row.table_size})`), '');
  // One of the app's own pool connections: its session settings (data-source.ts), nothing changed.
  const client = await ds.driver.master.connect();
  try {
    output.push(
      ...(await explainCases(
        client,
        cases.map(([label, statement, values]) => ({ label, statement, values })),
      )),
    );
  } finally {
    client.release();
  }
} finally {
  await db.close();
}
const file = path.join(root, 'bench', 'results', `search-plans-${scale}-latest.txt`);
fs.writeFileSync(file, `${output.join('\n')}\n`);
console.log(output.filter((line) => /^## |^after \d+ executions|^planned on every run|Index Scan|: .* \(table/.test(line)).join('\n'));
console.log(`wrote ${path.relative(root, file)}`);
