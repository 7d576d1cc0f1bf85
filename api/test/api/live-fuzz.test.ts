import fc from 'fast-check';
import { getNamedType, isLeafType, type GraphQLField } from 'graphql';
import WebSocket from 'ws';
import { buildAppSchema } from '../../src/graphql/schema';
import { createAppPubSub } from '../../src/infra/pubsub/pubsub';
import { echoForms, leakInBody, unclearMessage } from '../security/support/clear-message';
import { conformingVariables, violatingVariables, type KnownValues, type RootField } from '../security/support/graphql-fuzz';
import { anyJson, junkAuthorization } from '../security/support/hostile-values';
import { expiredToken } from '../support/identity';
import { createPost } from '../support/scenario';
import { createStudent, graphql, startTestServer, type Student, type TestServer } from '../support/test-server';

/**
 * Hostile input on the live channels (graphql-ws), as the GraphQL fuzzer does it over HTTP
 * (test/security/fuzz-graphql.test.ts): every subscription of the built schema with variables
 * generated from its argument types (fast-check, hostile values inside, or violating the types),
 * and junk sign-in payloads on the socket. Every refusal in clear words for that subscription
 * alone, never an internal error or a closed socket; the sockets keep delivering real events after;
 * a junk token is refused with 4403 and nothing else. FUZZ_SEED=<n> replays a run; FUZZ_SCALE=<x>
 * runs x times as many cases.
 */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const count = (cases: number) => Math.max(1, Math.round(cases * SCALE));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
const SOCKETS = 4;

jest.setTimeout(180_000);

let server: TestServer;
let student: Student;
let neighbour: Student;
let ownPost: string;
let known: KnownValues;
let roots: RootField[];

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off' });
  [student, neighbour] = await Promise.all([createStudent(server), createStudent(server)]);
  ownPost = (await createPost(server, student)).id;
  const neighbourPost = (await createPost(server, neighbour)).id;
  known = { ids: [ownPost, neighbourPost, student.uid, neighbour.uid], strings: [student.uid] };
  const schema = await buildAppSchema(createAppPubSub(null));
  roots = Object.values(schema.getSubscriptionType()!.getFields()).map((field) => ({
    // (The kind only tells the generators not to apply mutations' text limits.)
    kind: 'Query' as const,
    field,
    access: field.extensions?.access,
    document: subscriptionDocument(field),
  }));
});

afterAll(async () => {
  console.log(`fuzz live (seed ${SEED})`);
  await server?.close();
});

/** `subscription Fuzz($a: T!) { field(a: $a) { __typename } }`. */
function subscriptionDocument(field: GraphQLField<unknown, unknown>): string {
  const declared = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const passed = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  return `subscription Fuzz${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''}${selection} }`;
}

interface Message {
  id?: string;
  type: string;
  payload?: any;
}

/** A raw graphql-transport-ws socket that keeps every message and how it closed. */
function rawSocket(initPayload: unknown) {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
  const messages: Message[] = [];
  const texts: string[] = [];
  let close: { code: number; reason: string } | null = null;
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve((close = { code, reason: reason.toString() }))),
  );
  const acked = new Promise<boolean>((resolve) => {
    ws.on('message', (raw) => {
      const text = raw.toString();
      texts.push(text);
      const message = JSON.parse(text) as Message;
      if (message.type === 'ping') ws.send(JSON.stringify({ type: 'pong' }));
      if (message.type === 'connection_ack') resolve(true);
      messages.push(message);
    });
    void closed.then(() => resolve(false));
  });
  ws.once('open', () =>
    ws.send(JSON.stringify({ type: 'connection_init', ...(initPayload === undefined ? {} : { payload: initPayload }) })),
  );
  ws.on('error', () => undefined);
  return {
    acked,
    closed,
    messages,
    texts,
    get close() {
      return close;
    },
    subscribe(id: string, query: string, variables: Record<string, unknown>) {
      ws.send(JSON.stringify({ id, type: 'subscribe', payload: { query, variables, operationName: 'Fuzz' } }));
    },
    async end() {
      if (ws.readyState === WebSocket.OPEN) ws.close(1000);
      else if (ws.readyState !== WebSocket.CLOSED) ws.terminate();
      await closed;
    },
  };
}

interface LiveCase {
  field: string;
  query: string;
  variables: Record<string, unknown>;
  mustRefuse: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type LiveError = { message?: unknown; extensions?: { code?: string } };

/** Every error the server sent for one subscription: an `error` message's, or a result's. */
function errorsIn(messages: Message[]): LiveError[] {
  return messages.flatMap((message) =>
    message.type === 'error' ? (message.payload as LiveError[]) : message.type === 'next' ? (message.payload?.errors ?? []) : [],
  );
}

/**
 * Refused: an `error` message (the document or variables are wrong), or a result with errors and
 * no data (graphql-ws's answer when the subscription cannot start, such as a visitor's).
 */
function wasRefused(messages: Message[]): boolean {
  return messages.some(
    (message) => message.type === 'error' || (message.type === 'next' && message.payload?.errors?.length && !message.payload?.data),
  );
}

/** Why this subscription's messages break a property (empty when they keep them all). */
function problemsOf(live: LiveCase, messages: Message[]): string[] {
  const problems: string[] = [];
  const echoes = echoForms(live.variables);
  const errors = errorsIn(messages);
  const refused = wasRefused(messages);
  if (live.mustRefuse && !refused) problems.push('accepted variables that must be refused');
  if (refused && !errors.length) problems.push('refusal without an error');
  for (const error of errors) {
    if (error.extensions?.code === 'INTERNAL_SERVER_ERROR') problems.push('GraphQL error INTERNAL_SERVER_ERROR');
    const unclear = unclearMessage(error.message, echoes);
    if (unclear) problems.push(unclear);
  }
  for (const message of messages) {
    const leak = leakInBody(JSON.stringify(message), echoes);
    if (leak) problems.push(leak);
  }
  return problems;
}

it('answers hostile and type-violating subscription variables per subscription, in clear words, and keeps delivering', async () => {
  const cases = fc.oneof(
    ...roots.flatMap((root) => {
      const violating = violatingVariables(root, known);
      const conforming = conformingVariables(root, known).map((variables) => ({ variables, mustRefuse: false }));
      const refused = violating?.map((variables) => ({ variables, mustRefuse: true }));
      return [conforming, ...(refused ? [refused] : [])].map((variables) =>
        variables.map(({ variables: vars, mustRefuse }) => ({ field: root.field.name, query: root.document, variables: vars, mustRefuse })),
      );
    }),
  );
  const batch = fc.sample(cases, { seed: SEED, numRuns: count(400) });
  const sockets = Array.from({ length: SOCKETS }, () => rawSocket({ authorization: `Bearer ${student.token}` }));
  try {
    expect(await Promise.all(sockets.map((socket) => socket.acked))).toEqual(sockets.map(() => true));
    batch.forEach((live, index) => sockets[index % SOCKETS]!.subscribe(`fuzz-${index}`, live.query, live.variables));
    // Afterwards, each socket also watches the student's own post as the web app does.
    sockets.forEach((socket) =>
      socket.subscribe('control', 'subscription Fuzz($id: ID!) { commentAdded(postId: $id) { text } }', { id: ownPost }),
    );
    await sleep(1000);
    // A real comment on the student's post: it reaches every control subscription (and any fuzzed one on that post).
    const added = await graphql(server, neighbour.token, 'mutation($p: ID!) { addComment(postId: $p, text: "After the fuzz") { id } }', {
      p: ownPost,
    });
    expect(added.errors).toBeUndefined();
    const deadline = Date.now() + 10_000;
    const heard = (socket: ReturnType<typeof rawSocket>) =>
      socket.messages.some((message) => message.id === 'control' && message.payload?.data?.commentAdded?.text === 'After the fuzz');
    while (!sockets.every(heard) && Date.now() < deadline) await sleep(50);

    const failures = batch.flatMap((live, index) => {
      const messages = sockets[index % SOCKETS]!.messages.filter((message) => message.id === `fuzz-${index}`);
      const problems = problemsOf(live, messages);
      return problems.length
        ? [
            `${live.field} ${JSON.stringify(live.variables).slice(0, 300)}: ${problems.join('; ')}\n  got ${JSON.stringify(messages).slice(0, 600)}`,
          ]
        : [];
    });
    expect({ seed: SEED, failures: failures.slice(0, 5) }).toEqual({ seed: SEED, failures: [] });
    expect(sockets.map((socket) => socket.close)).toEqual(sockets.map(() => null));
    expect(sockets.map(heard)).toEqual(sockets.map(() => true));
  } finally {
    await Promise.all(sockets.map((socket) => socket.end()));
  }
});

it('refuses a junk sign-in on the socket with 4403 (or opens it for a visitor when it names no token), never a fault', async () => {
  const expired = expiredToken(student.uid);
  const token = junkAuthorization(expired);
  const payloads = fc.oneof(
    token.map((authorization) => ({ authorization })),
    token.map((Authorization) => ({ Authorization })),
    token.map((value) => ({ token: value.replace(/^Bearer\s+/i, '') })),
    anyJson,
  );
  const batch = fc.sample(payloads, { seed: SEED, numRuns: count(120) });
  const failures: string[] = [];
  for (let start = 0; start < batch.length; start += 20) {
    const group = batch.slice(start, start + 20);
    const sockets = group.map((payload) => rawSocket(payload));
    try {
      const acked = await Promise.all(sockets.map((socket) => socket.acked));
      // An opened socket is a visitor's: a subscription that needs a user is refused in words.
      sockets.forEach((socket, index) => {
        if (acked[index]) socket.subscribe('mine', 'subscription Fuzz { notificationCountChanged }', {});
      });
      await sleep(500);
      group.forEach((payload, index) => {
        const socket = sockets[index]!;
        const echoes = echoForms(payload);
        const problems: string[] = [];
        if (acked[index]) {
          const mine = socket.messages.filter((message) => message.id === 'mine');
          const errors = errorsIn(mine);
          if (!wasRefused(mine)) problems.push('a visitor subscribed to an unread count');
          for (const error of errors) {
            if (!['UNAUTHENTICATED', 'FORBIDDEN'].includes(error.extensions?.code ?? '')) problems.push(`code ${error.extensions?.code}`);
            const unclear = unclearMessage(error.message, echoes);
            if (unclear) problems.push(unclear);
          }
        } else if (![4403, 4400].includes(socket.close?.code ?? 0)) {
          problems.push(`closed with ${socket.close?.code} ${socket.close?.reason}`);
        } else if (socket.close?.code === 4400 && typeof payload === 'object' && payload !== null && !Array.isArray(payload)) {
          problems.push('an object payload was answered as a broken message (4400)');
        }
        for (const text of socket.texts) {
          const leak = leakInBody(text, echoes);
          if (leak) problems.push(leak);
        }
        if (problems.length) failures.push(`${JSON.stringify(payload).slice(0, 300)}: ${problems.join('; ')}`);
      });
    } finally {
      await Promise.all(sockets.map((socket) => socket.end()));
    }
  }
  expect({ seed: SEED, failures: failures.slice(0, 5) }).toEqual({ seed: SEED, failures: [] });
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
});

describe('regressions the fuzzer found', () => {
  it('refuses variables that do not fit their types as HTTP does (BAD_USER_INPUT), not as a server fault', async () => {
    const socket = rawSocket({ authorization: `Bearer ${student.token}` });
    try {
      expect(await socket.acked).toBe(true);
      const query = 'subscription Fuzz($id: ID!) { commentAdded(postId: $id) { text } }';
      socket.subscribe('missing', query, {});
      socket.subscribe('float', query, { id: 7e-323 });
      const deadline = Date.now() + 5000;
      while (socket.messages.filter((message) => message.type === 'error').length < 2 && Date.now() < deadline) await sleep(20);
      const answer = (id: string) => socket.messages.filter((message) => message.id === id);
      expect(answer('missing')).toEqual([
        {
          id: 'missing',
          type: 'error',
          payload: [
            expect.objectContaining({
              message: 'Variable "$id" of required type "ID!" was not provided.',
              extensions: { code: 'BAD_USER_INPUT' },
            }),
          ],
        },
      ]);
      expect(answer('float')).toEqual([
        { id: 'float', type: 'error', payload: [expect.objectContaining({ extensions: { code: 'BAD_USER_INPUT' } })] },
      ]);
      expect(socket.close).toBeNull();
    } finally {
      await socket.end();
    }
  });
});
