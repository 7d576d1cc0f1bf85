import type { GraphQLSchema } from 'graphql';
import { createAppPubSub } from '../../src/infra/pubsub/pubsub';
import { buildAppSchema } from '../../src/graphql/schema';
import {
  conformingRequests,
  junkAuthRequests,
  junkEnvelopeRequests,
  knownValues,
  refusedRequests,
  rootFields,
  type RootField,
} from './support/graphql-fuzz';
import { graphql } from '../support/test-server';
import { healthz, openFuzzWorld, postOf, runPhase, type FuzzWorld } from './support/fuzz-world';

/**
 * Hostile input on GraphQL: every query and mutation of the built schema, its variables generated
 * from its argument types (fast-check), sent over HTTP to a real server 8 at a time. Never a 5xx,
 * every refusal in clear words, and requests that must be refused change nothing in the database
 * or the media store. FUZZ_SEED=<n> replays a run; FUZZ_SCALE=<x> runs x times as many requests.
 */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const count = (requests: number) => Math.max(1, Math.round(requests * SCALE));

let world: FuzzWorld;
let schema: GraphQLSchema;
let fields: RootField[];
const started = Date.now();

beforeAll(async () => {
  schema = await buildAppSchema(createAppPubSub(null));
  fields = [...rootFields(schema, 'Query'), ...rootFields(schema, 'Mutation')];
  world = await openFuzzWorld('fuzz_graphql');
});

afterAll(async () => {
  if (world && process.env.FUZZ_VERBOSE) console.log(world.stats.table());
  if (world) console.log(world.stats.summary(`fuzz graphql (seed ${world.seed})`, (Date.now() - started) / 1000));
  await world?.close();
});

const mutations = () => fields.filter((root) => root.kind === 'Mutation');

it('refuses variables that violate the argument types, in clear words, storing nothing', async () => {
  await runPhase(world, {
    name: 'graphql violating variables',
    arbitrary: refusedRequests(fields, knownValues(world), world.student.token),
    requests: count(2300),
    storeUnchanged: true,
  });
});

it('refuses junk Authorization headers on every mutation, storing nothing', async () => {
  await runPhase(world, {
    name: 'graphql junk auth',
    arbitrary: junkAuthRequests(fields, knownValues(world), world.expiredToken),
    requests: count(1200),
    storeUnchanged: true,
  });
});

it('refuses request envelopes that are not one GraphQL operation, storing nothing', async () => {
  await runPhase(world, {
    name: 'graphql junk envelopes',
    arbitrary: junkEnvelopeRequests(world.student.token),
    requests: count(300),
    storeUnchanged: true,
  });
});

it('answers well-typed hostile variables (SQL, HTML, unicode, huge, unknown ids) without a fault', async () => {
  await runPhase(world, {
    name: 'graphql typed hostile variables',
    // deleteAccount with a token of its own: the first such call deletes the leaver, not the student every other request is sent as.
    arbitrary: conformingRequests(fields, knownValues(world), (root) =>
      root.field.name === 'deleteAccount' ? world.leaver.token : world.student.token,
    ),
    requests: count(1800),
    storeUnchanged: false,
  });
});

describe('regressions the fuzzer found', () => {
  it('saving a day while the same day is being deleted answers, never INTERNAL_SERVER_ERROR', async () => {
    // Save read its row back in a second statement; a delete in between made it a 500.
    const { token } = world.student;
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        graphql(
          world.server,
          token,
          index % 2
            ? `mutation { saveCalendarEvent(date: "2000-01-15", name: "Race ${index}") { date name } }`
            : `mutation { deleteCalendarEvent(date: "2000-01-15") }`,
        ),
      ),
    );
    expect(results.flatMap((result) => result.errors ?? [])).toEqual([]);
    expect(results.filter((_, index) => index % 2).map((result) => result.data.saveCalendarEvent.date)).toEqual(
      Array(30).fill('2000-01-15'),
    );
  });

  it('commenting on a post while it is deleted answers "Post not found", never INTERNAL_SERVER_ERROR', async () => {
    // addComment read the new comment back in a second statement; the post's deletion in between made it a 500.
    for (let round = 0; round < 3; round++) {
      const post = await postOf(world);
      const results = await Promise.all([
        ...Array.from({ length: 20 }, () =>
          graphql(
            world.server,
            world.neighbour.token,
            `
              mutation ($p: ID!) {
                addComment(postId: $p, text: "Race") {
                  id
                }
              }
            `,
            { p: post },
          ),
        ),
        graphql(
          world.server,
          world.student.token,
          `
            mutation ($id: ID!) {
              deletePost(id: $id)
            }
          `,
          { id: post },
        ),
      ]);
      const messages = results.flatMap((result) => result.errors ?? []).map((error) => `${error.extensions?.code}: ${error.message}`);
      expect(messages.filter((message) => message !== 'NOT_FOUND: Post not found')).toEqual([]);
    }
  });

  it('a body that is not JSON, or too large, is answered as GraphQL errors in clear words', async () => {
    const malformed = await fetch(`${world.server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":',
    });
    expect({ status: malformed.status, body: await malformed.json() }).toEqual({
      status: 400,
      body: { errors: [{ message: 'The request body is not valid JSON.', extensions: { code: 'BAD_REQUEST' } }] },
    });
    const huge = await fetch(`${world.server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation($t: String!) { addComment(postId: "x", text: $t) { id } }',
        variables: { t: 'x'.repeat(110_000) },
      }),
    });
    expect({ status: huge.status, body: await huge.json() }).toEqual({
      status: 413,
      body: { errors: [{ message: 'The request is too large (at most 100 kB).', extensions: { code: 'BAD_REQUEST' } }] },
    });
  });
});

// Last: an admin's inputs may suspend or remove what the phases above act on.
it('fuzzes the fields a student may not call (moderation) with an admin’s token', async () => {
  const unreached = fields.filter(
    (root) => root.access === 'user' && world.stats.neverPastAccess([`${root.kind}.${root.field.name}`]).length > 0,
  );
  // The moderation fields, and whatever else only a role may call.
  expect(unreached.map((root) => root.field.name)).toEqual(expect.arrayContaining(['moderate', 'setModerator', 'moderationQueue']));
  await runPhase(world, {
    name: 'graphql role-only violating variables',
    arbitrary: refusedRequests(unreached, knownValues(world), world.admin.token),
    requests: count(300),
    storeUnchanged: true,
  });
  await runPhase(world, {
    name: 'graphql role-only typed hostile variables',
    arbitrary: conformingRequests(unreached, knownValues(world), world.admin.token),
    requests: count(600),
    storeUnchanged: false,
  });
});

it('fuzzed every mutation of the schema, each past its access checks, and the server still answers', async () => {
  const targets = mutations().map((root) => `Mutation.${root.field.name}`);
  const fuzzed = [...world.stats.byTarget.keys()];
  expect(targets.filter((target) => !fuzzed.includes(target))).toEqual([]);
  // Each one also with a caller allowed to call it and well-formed inputs, so its own checks were reached.
  expect(world.stats.neverPastAccess(targets)).toEqual([]);
  expect(await healthz(world)).toMatchObject({ status: 200, body: { status: 'ok' } });
  expect(world.stats.serverErrors).toBe(0);
});
