// The benchmark asks for what the web sends (issue 30): every request every scenario builds is one
// of the web app's own operations (web/src/graphql/graphql.ts, as Apollo Client prints it), with
// only variables that operation declares and its required ones, and no scenario file writes
// GraphQL of its own. Run by `npm test` (scripts/test-all.mjs, step bench-operations):
//   node --test bench/scenarios/web-operations.test.mjs
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse, print } from 'graphql';
import { webOperations, webPageSize, WEB_PAGE_SIZES } from '../lib/web-operations.mjs';
import { readScenarios, writeScenarios } from './actions.mjs';
import { eventScenarios } from './events.mjs';
import { feedScenarios } from './feeds.mjs';
import { OPS } from './graphql.mjs';
import { notificationRequests } from './notifications.mjs';
import { organizationScenarios } from './organizations.mjs';
import { searchScenarios } from './search.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const tokens = { student: 'token-student', light: 'token-light', heavy: 'token-heavy' };
const actors = { student: { uid: 'u0', follows: 150 }, heavy: { uid: 'u1', follows: 5000 }, light: { uid: 'u2', follows: 10 } };
const fixtures = {
  profileUid: 'u3',
  busyPostId: 'p0',
  postIds: ['p1', 'p2'],
  followTargets: ['u4', 'u5'],
  uploadUrls: ['/media/videos/a.mp4', '/media/videos/b.mp4'],
};

/** Every scenario, built as bench/run.mjs builds them, with the api's answers faked (a next page always). */
async function allScenarios() {
  const page = { edges: [], pageInfo: { hasNextPage: true, endCursor: 'cursor' } };
  const answer = { homeFeed: page, explore: page, events: page, organization: { id: 'o', posts: page } };
  const realFetch = globalThis.fetch;
  globalThis.fetch = async () => new Response(JSON.stringify({ data: answer }), { headers: { 'content-type': 'application/json' } });
  try {
    const apiUrl = 'http://api.invalid';
    return [
      ...(await feedScenarios({ apiUrl, tokens, actors })),
      ...(await eventScenarios({ apiUrl, tokens })),
      ...(await organizationScenarios({ apiUrl, tokens })),
      ...searchScenarios({ tokens }),
      ...readScenarios({ tokens, fixtures }),
      ...notificationRequests({ tokens, inbox: { like: 1 } }),
      ...writeScenarios({ tokens, fixtures }),
    ];
  } finally {
    globalThis.fetch = realFetch;
  }
}

/** The GraphQL bodies a scenario sends, the dynamic ones (setupRequest) built as autocannon would. */
function bodies(scenario) {
  const requests = scenario.requests ?? [scenario.request];
  const context = {};
  return requests
    .map((request) => (request.setupRequest ? request.setupRequest(request, context) : request))
    .filter((request) => request.path === '/graphql')
    .map((request) => JSON.parse(request.body));
}

test('every scenario request is the web app’s own operation, printed as Apollo Client sends it', async () => {
  const web = webOperations();
  const scenarios = await allScenarios();
  let checked = 0;
  for (const scenario of scenarios) {
    for (const body of bodies(scenario)) {
      const operation = web.get(body.operationName);
      assert.ok(operation, `${scenario.id}: ${body.operationName} is not an operation of the web app`);
      // The same selection, field for field (printing normalises layout).
      assert.equal(print(parse(body.query)), operation.text, `${scenario.id}: ${body.operationName} differs from the web's`);
      const declared = new Set(operation.variables.map((variable) => variable.name));
      for (const name of Object.keys(body.variables ?? {}))
        assert.ok(declared.has(name), `${scenario.id}: ${body.operationName} has no variable $${name}`);
      for (const variable of operation.variables.filter((one) => one.required))
        assert.ok(variable.name in (body.variables ?? {}), `${scenario.id}: ${body.operationName} needs $${variable.name}`);
      // Lists are asked for as many as the web's page asks for.
      if (WEB_PAGE_SIZES[body.operationName] && 'first' in body.variables)
        assert.equal(body.variables.first, webPageSize(body.operationName), `${scenario.id}: the web asks for another page size`);
      checked += 1;
    }
  }
  assert.ok(checked >= 25, `only ${checked} requests checked`);
});

test('the scenarios cover the web operations the issue names', async () => {
  const sent = new Set((await allScenarios()).flatMap((scenario) => bodies(scenario).map((body) => body.operationName)));
  for (const name of ['HomeFeed', 'ExploreFeed', 'Events', 'OrganizationPosts', 'UserProfile', 'PostComments', 'Notifications', 'Search'])
    assert.ok(sent.has(name), `no scenario sends ${name}`);
  for (const [key, text] of Object.entries(OPS)) assert.ok(webOperations().get(/\w+ (\w+)/.exec(text)[1])?.text === text, key);
});

test('no scenario file writes GraphQL of its own', () => {
  for (const file of fs.readdirSync(here).filter((name) => name.endsWith('.mjs') && !name.endsWith('.test.mjs'))) {
    const source = fs.readFileSync(path.join(here, file), 'utf8');
    const written = /`\s*(?:query|mutation|subscription|fragment)\s+[A-Za-z_]\w*[\s({]/.exec(source);
    assert.equal(written, null, `${file} writes a GraphQL document (${written?.[0]}); take the web's from scenarios/graphql.mjs`);
  }
});
