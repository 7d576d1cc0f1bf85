import { createClient, type Client, type ClientOptions } from 'graphql-ws';
import WebSocket from 'ws';
import { fragmentChain } from '../support/hostile-documents';
import { longestHealthzWaits } from '../support/responsiveness';
import { createPost } from '../support/scenario';
import { createStudent, graphql, startTestServer, type Student, type TestServer } from '../support/test-server';

/**
 * The abuse limits of query-limits.test.ts, over ws://…/graphql with a real graphql-ws client:
 * the socket carries subscriptions only, and refuses what HTTP refuses.
 */
let server: TestServer;
let student: Student;
let post: { id: string };
beforeAll(async () => {
  server = await startTestServer();
  student = await createStudent(server);
  post = await createPost(server, student);
});
afterAll(async () => {
  await server.close();
});

type Answer =
  | { kind: 'data'; payload: unknown }
  | { kind: 'errors'; errors: Array<{ message: string; extensions?: { code?: string } }> }
  | { kind: 'closed'; code: number }
  | { kind: 'no answer' };

function socket(options: Partial<ClientOptions> = {}): Client {
  return createClient({
    url: `${server.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${student.token}` },
    retryAttempts: 0,
    lazy: true,
    ...options,
  });
}

/** The first thing the server answers to one operation; an accepted subscription answers nothing until an event. */
async function firstAnswer(query: string, variables: Record<string, unknown> = {}, operationName?: string, waitMs = 1500): Promise<Answer> {
  const client = socket();
  let timer: NodeJS.Timeout | undefined;
  try {
    return await new Promise<Answer>((resolve) => {
      timer = setTimeout(() => resolve({ kind: 'no answer' }), waitMs);
      client.subscribe(
        { query, variables, operationName },
        {
          next: (payload) => resolve(payload.errors ? { kind: 'errors', errors: payload.errors as any } : { kind: 'data', payload }),
          error: (error: any) => resolve(Array.isArray(error) ? { kind: 'errors', errors: error } : { kind: 'closed', code: error?.code }),
          complete: () => undefined,
        },
      );
    });
  } finally {
    clearTimeout(timer);
    await client.dispose();
  }
}

const COMMENTS = `subscription($id: ID!) { commentAdded(postId: $id) { id text } }`;

describe('GraphQL abuse limits over WebSocket', () => {
  it('refuses deep nesting', async () => {
    let selection = 'id';
    for (let i = 0; i < 4; i++) selection = `author { posts { edges { node { ${selection} } } } }`;
    const answer = await firstAnswer(`subscription($id: ID!) { commentAdded(postId: $id) { ${selection} } }`, { id: post.id });
    expect(answer).toEqual({ kind: 'errors', errors: [expect.objectContaining({ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })] });
    expect((answer as { errors: Array<{ message: string }> }).errors[0]!.message).toMatch(/nested too deeply \(\d+ levels; at most 12\)/);
  });

  it('refuses too many aliases', async () => {
    const fields = Array.from({ length: 31 }, (_, i) => `a${i}: text`).join(' ');
    const answer = await firstAnswer(`subscription($id: ID!) { commentAdded(postId: $id) { ${fields} } }`, { id: post.id });
    expect(answer).toMatchObject({ kind: 'errors', errors: [{ message: expect.stringMatching(/too many aliases \(31; at most 30\)/) }] });
  });

  it('refuses a cost that connections multiply past the limit', async () => {
    const answer = await firstAnswer(
      `subscription($id: ID!) { commentAdded(postId: $id) { post { comments(first: 50) { edges { node { author { posts(first: 50) { edges { node { id caption tags } } } } } } } } } }`,
      { id: post.id },
    );
    expect(answer).toMatchObject({ kind: 'errors', errors: [{ message: expect.stringMatching(/asks for too much at once/) }] });
  });

  it('keeps answering /healthz while 16 fragment chains are refused over 16 sockets (≤ 50 ms more than ordinary ones)', async () => {
    // The chains of query-limits.test.ts, under the comment a subscriber receives: 2^20 paths each.
    let batch = 0;
    const send = (document: (i: number) => string, refusal: RegExp) => () => {
      batch++;
      return Array.from({ length: 16 }, async (_, i) => {
        // However long it takes: a refusal is the answer expected, not an accepted subscription's silence.
        expect(await firstAnswer(document(i), { id: post.id }, undefined, 100_000)).toMatchObject({
          kind: 'errors',
          errors: [{ message: expect.stringMatching(refusal) }],
        });
      });
    };
    const chain = (i: number) =>
      fragmentChain(20, {
        prefix: `Chain${batch}_${i}_`,
        operation: (spread) => `subscription($id: ID!) { commentAdded(postId: $id) { post { ${spread} } } }`,
      });
    const aliases = () =>
      `subscription($id: ID!) { commentAdded(postId: $id) { ${Array.from({ length: 31 }, (_, a) => `a${a}: text`).join(' ')} } }`;
    const waits = await longestHealthzWaits(
      server,
      { hostile: send(chain, /^The query asks for too much at once/), ordinary: send(aliases, /too many aliases/) },
      50,
    );
    expect(waits.hostile).toBeLessThanOrEqual(waits.ordinary + 50);
  }, 120_000);

  it('refuses a document over the size limit, and closes the socket on a message far past it', async () => {
    const oversized = await firstAnswer(`${COMMENTS} # ${'x'.repeat(21_000)}`, { id: post.id });
    expect(oversized).toEqual({
      kind: 'errors',
      errors: [{ message: 'The query document is too large (at most 20000 bytes).', extensions: { code: 'QUERY_TOO_COMPLEX' } }],
    });
    // Past the largest request HTTP accepts, the WebSocket server drops the message unread: 1009 Message Too Big.
    // Any client can do that, so it is a warning in the api's log, and nothing reaches console.error.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = jest.spyOn(server.app.logger, 'warn');
    try {
      const huge = await firstAnswer(`{ interestCatalogue } # ${'x'.repeat(200_000)}`);
      expect(huge).toEqual({ kind: 'closed', code: 1009 });
      expect(consoleError).not.toHaveBeenCalled();
      expect(warn).toHaveBeenCalledWith(
        { err: expect.objectContaining({ code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' }) },
        expect.any(String),
      );
    } finally {
      consoleError.mockRestore();
      warn.mockRestore();
    }
  });

  it('answers a syntax error as HTTP does, for that subscription only: the socket stays open for the next', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    // Kept open between subscriptions (a lazy client otherwise closes it once none is running), so a
    // second connection would mean the server closed the first.
    const client = socket({ lazyCloseTimeout: 10_000 });
    const connections: unknown[] = [];
    const closes: Array<{ code?: number }> = [];
    client.on('connected', (ws) => connections.push(ws));
    client.on('closed', (event) => closes.push(event as { code?: number }));
    try {
      const syntax = await new Promise<unknown>((resolve) => {
        client.subscribe(
          { query: 'subscription {' },
          {
            next: resolve,
            error: (error: any) => resolve(Array.isArray(error) ? error : { closed: error?.code, reason: error?.reason }),
            complete: () => resolve('complete'),
          },
        );
      });
      const overHttp = await graphql(server, student.token, 'subscription {');
      expect(overHttp.errors).toEqual([expect.objectContaining({ extensions: { code: 'GRAPHQL_PARSE_FAILED' } })]);
      expect(syntax).toEqual([
        {
          message: 'Syntax Error: Expected Name, found <EOF>.',
          locations: [{ line: 1, column: 15 }],
          extensions: { code: 'GRAPHQL_PARSE_FAILED' },
        },
      ]);
      expect(syntax).toEqual(overHttp.errors);

      const received = new Promise<any>((resolve, reject) => {
        client.subscribe({ query: COMMENTS, variables: { id: post.id } }, { next: resolve, error: reject, complete: () => undefined });
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await graphql(
        server,
        student.token,
        `
          mutation ($id: ID!) {
            addComment(postId: $id, text: "After a typo") {
              id
            }
          }
        `,
        { id: post.id },
      );
      expect(await received).toMatchObject({ data: { commentAdded: { text: 'After a typo' } } });
      expect(closes).toEqual([]);
      expect(connections).toHaveLength(1);
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
      await client.dispose();
    }
  });

  it('answers an operation name the document does not hold as HTTP does (OPERATION_RESOLUTION_FAILURE)', async () => {
    const two = `subscription A($id: ID!) { commentAdded(postId: $id) { id } } subscription B($id: ID!) { commentAdded(postId: $id) { text } }`;
    const unknown = await firstAnswer(two, { id: '1' }, 'C');
    expect(unknown).toEqual({
      kind: 'errors',
      errors: [{ message: 'Unknown operation named "C".', extensions: { code: 'OPERATION_RESOLUTION_FAILURE' } }],
    });
    const unnamed = await firstAnswer(two, { id: '1' });
    expect(unnamed).toMatchObject({ kind: 'errors', errors: [{ extensions: { code: 'OPERATION_RESOLUTION_FAILURE' } }] });
    const overHttp = await graphql(server, student.token, two, { id: '1' });
    expect(overHttp.errors?.[0]?.extensions?.code).toBe('OPERATION_RESOLUTION_FAILURE');
  });

  it('refuses queries and mutations: they belong on HTTP', async () => {
    const query = await firstAnswer(`{ interestCatalogue }`);
    expect(query).toEqual({
      kind: 'errors',
      errors: [
        expect.objectContaining({
          message: expect.stringMatching(/only subscriptions.*POST \/graphql/i),
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        }),
      ],
    });
    const mutation = await firstAnswer(`mutation { updateProfile(input: { bio: "Written over a WebSocket" }) { bio } }`);
    expect(mutation).toMatchObject({ kind: 'errors', errors: [{ message: expect.stringMatching(/only subscriptions/i) }] });
    const viewer = await graphql(
      server,
      student.token,
      `
        {
          viewer {
            bio
          }
        }
      `,
    );
    expect(viewer.data.viewer.bio).not.toBe('Written over a WebSocket');
  });

  it('still delivers an ordinary subscription', async () => {
    const client = socket();
    try {
      const received = new Promise<any>((resolve, reject) => {
        client.subscribe({ query: COMMENTS, variables: { id: post.id } }, { next: resolve, error: reject, complete: () => undefined });
      });
      // Give the subscription a moment to register before the comment is published.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await graphql(
        server,
        student.token,
        `
          mutation ($id: ID!) {
            addComment(postId: $id, text: "Still live") {
              id
            }
          }
        `,
        { id: post.id },
      );
      expect(await received).toMatchObject({ data: { commentAdded: { text: 'Still live' } } });
    } finally {
      await client.dispose();
    }
  });
});
