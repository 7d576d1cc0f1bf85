import { getIntrospectionQuery } from 'graphql';
import { fragmentChain } from '../support/hostile-documents';
import { longestHealthzWaits } from '../support/responsiveness';
import { graphql, startTestServer, type TestServer } from '../support/test-server';

/** Abuse limits are refused before execution, with a clear message and no SQL issued. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('GraphQL abuse limits', () => {
  it('refuses deep nesting', async () => {
    let selection = 'id';
    for (let i = 0; i < 7; i++) selection = `author { posts { edges { node { ${selection} } } } }`;
    const result = await graphql(server, null, `{ explore { edges { node { ${selection} } } } }`);
    expect(result.errors?.[0]).toMatchObject({ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    expect(result.errors?.[0]?.message).toMatch(/nested too deeply/);
    expect(result.sqlStatements).toBe(0);
  });

  it('answers the standard schema query of GraphiQL, codegen and other tools (about 15 levels of the static schema)', async () => {
    const result = await graphql(server, null, getIntrospectionQuery());
    expect(result.errors).toBeUndefined();
    expect(result.data.__schema.queryType).toMatchObject({ name: 'Query' });
  });

  it('still bounds how deep a schema query may nest', async () => {
    let selection = 'name';
    for (let i = 0; i < 25; i++) selection = `ofType { ${selection} }`;
    const result = await graphql(server, null, `{ __type(name: "Post") { fields { type { ${selection} } } } }`);
    expect(result.errors?.[0]?.message).toMatch(/schema query is nested too deeply/);
  });

  it('refuses too many aliases', async () => {
    const fields = Array.from({ length: 31 }, (_, i) => `a${i}: interestCatalogue`).join(' ');
    const result = await graphql(server, null, `{ ${fields} }`);
    expect(result.errors?.[0]?.message).toMatch(/too many aliases/);
  });

  it('refuses a cost that connections multiply past the limit', async () => {
    const result = await graphql(
      server,
      null,
      `
        {
          explore(first: 50) {
            edges {
              node {
                comments(first: 50) {
                  edges {
                    node {
                      id
                      text
                      author {
                        id
                        displayName
                        photoURL
                      }
                    }
                  }
                }
              }
            }
          }
        }
      `,
    );
    expect(result.errors?.[0]?.message).toMatch(/asks for too much at once/);
    expect(result.sqlStatements).toBe(0);
  });

  it('accepts an ordinary feed page', async () => {
    const result = await graphql(
      server,
      null,
      `
        query ($first: Int) {
          explore(first: $first) {
            edges {
              cursor
              node {
                id
                caption
                tags
                likeCount
                commentCount
                viewerHasLiked
                createdAt
                videoUrl
                posterUrl
                author {
                  id
                  displayName
                  photoURL
                }
              }
            }
            pageInfo {
              hasNextPage
              endCursor
            }
          }
        }
      `,
      { first: 10 },
    );
    expect(result.errors).toBeUndefined();
  });

  it('keeps answering /healthz while 16 anonymous fragment chains are refused (≤ 50 ms more than ordinary requests)', async () => {
    // 800 bytes each, 2^20 paths: one froze the event loop for 2.5 s. Each is its own document.
    let batch = 0;
    const send = (document: (i: number) => string, refusal: RegExp) => () => {
      batch++;
      return Array.from({ length: 16 }, async (_, i) => {
        const answer = await graphql(server, null, document(i));
        expect(answer.errors?.[0]?.message).toMatch(refusal);
        expect(answer.sqlStatements).toBe(0);
      });
    };
    const waits = await longestHealthzWaits(
      server,
      {
        hostile: send((i) => fragmentChain(20, { prefix: `Chain${batch}_${i}_` }), /^The query asks for too much at once/),
        // As many small documents, refused the same way (31 aliases), for the delay any 16 requests cause.
        ordinary: send(
          (i) => `query Aliases${batch}_${i} { ${Array.from({ length: 31 }, (_, a) => `a${a}: interestCatalogue`).join(' ')} }`,
          /too many aliases/,
        ),
      },
      50,
    );
    expect(waits.hostile).toBeLessThanOrEqual(waits.ordinary + 50);
  }, 120_000);

  it('refuses oversized documents and batches', async () => {
    const big = await graphql(server, null, `{ interestCatalogue } # ${'x'.repeat(21_000)}`);
    expect(big.status).toBe(413);
    const batch = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ query: '{ interestCatalogue }' }, { query: '{ interestCatalogue }' }]),
    });
    expect(batch.status).toBe(400);
  });
});
