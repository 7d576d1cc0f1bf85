import { REST_ROUTES } from '../../src/rest/router';
import { rest } from '../support/test-server';
import { healthz, openFuzzWorld, runPhase, type FuzzWorld } from './support/fuzz-world';
import {
  CALENDAR_FEED_TARGET,
  calendarFeedRequests,
  conformingRequests,
  junkAuthRequests,
  refusedRequests,
  routeShapes,
} from './support/rest-fuzz';

/**
 * Hostile input on the REST adapter: every route of REST_ROUTES (and the calendar feed's secret
 * addresses beside it), its path parameters, body fields and query generated (fast-check) from the
 * route table and its routes' request schemas, sent over
 * HTTP to a real server 8 at a time. Never a 5xx, every refusal in clear words, and requests that
 * must be refused change nothing in the database or the media store.
 * FUZZ_SEED=<n> replays a run; FUZZ_SCALE=<x> runs x times as many requests.
 */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const count = (requests: number) => Math.max(1, Math.round(requests * SCALE));

let world: FuzzWorld;
const started = Date.now();

beforeAll(async () => {
  world = await openFuzzWorld('fuzz_rest');
});

afterAll(async () => {
  if (world && process.env.FUZZ_VERBOSE) console.log(world.stats.table());
  if (world) console.log(world.stats.summary(`fuzz rest (seed ${world.seed})`, (Date.now() - started) / 1000));
  await world?.close();
});

it('reads every route of the table, with the body fields its schemas read', () => {
  const shapes = routeShapes();
  expect(shapes.map((shape) => shape.key)).toEqual(REST_ROUTES.map((route) => `${route.method.toUpperCase()} ${route.path}`));
  const fields = Object.fromEntries(
    shapes.filter((shape) => shape.fields.size).map((shape) => [shape.key, Object.fromEntries(shape.fields)]),
  );
  // The route schemas name what the spec’s payloads carry, with their kinds (so a change in how routes read bodies is noticed).
  expect(fields).toMatchObject({
    'PUT /api/users/:uid': { displayName: 'text', bio: 'text', interests: 'list', dateOfBirth: 'text', photoURL: 'text' },
    'POST /api/posts': { firebaseUid: 'text', videoUrl: 'text', caption: 'text', tags: 'textOrList' },
    'POST /api/calendar': { firebaseUid: 'text', date: 'date', eventName: 'text', event: 'text' },
    'PUT /api/follow/:targetId': { currentUserId: 'text' },
  });
});

it('refuses paths that name nothing and bodies of the wrong kinds, in clear words, storing nothing', async () => {
  await runPhase(world, { name: 'rest refused', arbitrary: refusedRequests(world), requests: count(2300), storeUnchanged: true });
});

it('refuses junk Authorization headers on every route that needs a user, storing nothing', async () => {
  await runPhase(world, { name: 'rest junk auth', arbitrary: junkAuthRequests(world), requests: count(1200), storeUnchanged: true });
});

it('answers bodies of the right kinds with hostile values (SQL, HTML, unicode, huge, junk) without a fault', async () => {
  await runPhase(world, {
    name: 'rest typed hostile bodies',
    arbitrary: conformingRequests(world),
    requests: count(1800),
    storeUnchanged: false,
  });
});

it('refuses every calendar feed address but the real one, whatever the token, storing nothing', async () => {
  await runPhase(world, {
    name: 'calendar feed addresses',
    arbitrary: calendarFeedRequests(world),
    requests: count(600),
    storeUnchanged: true,
  });
});

describe('regressions the fuzzer found', () => {
  it('saving a day while the same day is being deleted answers, never 500', async () => {
    const { token, uid } = world.student;
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        rest(world.server, index % 2 ? 'POST' : 'DELETE', '/api/calendar', {
          token,
          body: { firebaseUid: uid, date: 'Sat Jan 15 2000', ...(index % 2 ? { eventName: `Race ${index}` } : {}) },
        }),
      ),
    );
    const answers = results.map((result) => `${result.status} ${result.body.message}`);
    expect(
      answers.filter(
        (answer) =>
          !['200 Event saved successfully.', '200 Event deleted successfully.', '404 No event saved for that date.'].includes(answer),
      ),
    ).toEqual([]);
  });

  it('a body that is not JSON, or too large, is refused in clear words', async () => {
    const send = (body: string) =>
      fetch(`${world.server.url}/api/calendar`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${world.student.token}` },
        body,
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    expect(await send('{"date":')).toEqual({ status: 400, body: { success: false, message: 'The request body is not valid JSON.' } });
    expect(await send(JSON.stringify({ eventName: 'x'.repeat(110_000) }))).toEqual({
      status: 413,
      body: { success: false, message: 'The request is too large (at most 100 kB).' },
    });
  });
});

it('fuzzed every route of the table and the calendar feed, and the server still answers', async () => {
  const fuzzed = [...world.stats.byTarget.keys()];
  expect([...routeShapes().map((shape) => shape.key), CALENDAR_FEED_TARGET].filter((key) => !fuzzed.includes(key))).toEqual([]);
  expect(await healthz(world)).toMatchObject({ status: 200, body: { status: 'ok' } });
  expect(world.stats.serverErrors).toBe(0);
});
