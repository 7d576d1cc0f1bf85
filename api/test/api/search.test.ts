import { RATE_LIMITS, type RateLimitTable } from '../../src/shared/rate-limit-table';
import { createPost } from '../support/scenario';
import { createStudent, graphql, newClientAddress, startTestServer, type Student, type TestServer } from '../support/test-server';

/**
 * Search over the wire (issue 27): what the entry adds to the service (modules/search, whose tests
 * rank and judge visibility): statements per page, signed-out visitors, the length limit and the
 * cursor refusals as GraphQL errors, and the rate limit, the only one on a read.
 */
const SEARCH = `query($q: String!, $type: SearchType!, $first: Int, $after: String) {
  search(q: $q, type: $type, first: $first, after: $after) {
    edges { cursor kind node { __typename
      ... on User { id displayName photoURL followerCount isViewer viewerIsFollowing viewerCan { follow } postCount }
      ... on Post { id caption tags likeCount viewerHasLiked commentCount author { id displayName photoURL } event { name } }
      ... on Tag { name postCount }
      ... on Organization { id name slug category memberCount photoURL viewerRole viewerMembership viewerIsFollowing } } }
    pageInfo { hasNextPage endCursor }
  }
}`;
const SUGGESTIONS = `query($q: String!) { searchSuggestions(q: $q) { __typename ... on User { id displayName } ... on Tag { name postCount }
  ... on Organization { id slug viewerRole } } }`;

const nodes = (result: { data?: any }) => result.data.search.edges.map((edge: any) => edge.node.id ?? edge.node.name);

describe('search over GraphQL', () => {
  let server: TestServer;
  let reader: Student;
  let quinn: Student;
  let posts: string[];

  beforeAll(async () => {
    server = await startTestServer();
    reader = await createStudent(server, { displayName: 'Reader Wire' });
    quinn = await createStudent(server, { displayName: 'Quinn Zabriskie' });
    posts = [];
    for (let i = 0; i < 12; i++)
      posts.push((await createPost(server, quinn, { caption: `Xylophone recital ${i}`, tags: ['xylophone'] })).id);
    await graphql(
      server,
      reader.token,
      `
        mutation ($u: ID!) {
          follow(userId: $u) {
            id
          }
        }
      `,
      { u: quinn.uid },
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a page of clips is one statement, people one, tags one, organizations one; Top five; suggestions three', async () => {
    const clips = await graphql(server, reader.token, SEARCH, { q: 'xylophone', type: 'CLIPS', first: 10 });
    expect(clips.errors).toBeUndefined();
    expect(nodes(clips)).toHaveLength(10);
    expect(clips.data.search.edges[0]).toMatchObject({ kind: 'CLIPS', node: { __typename: 'Post', author: { id: quinn.uid } } });
    expect(clips.sqlStatements).toBe(1);
    const next = await graphql(server, reader.token, SEARCH, {
      q: 'xylophone',
      type: 'CLIPS',
      first: 10,
      after: clips.data.search.pageInfo.endCursor,
    });
    expect(next.sqlStatements).toBe(1);
    expect([...nodes(clips), ...nodes(next)].sort()).toEqual([...posts].sort());
    expect(next.data.search.pageInfo).toEqual({ hasNextPage: false, endCursor: expect.any(String) });

    const people = await graphql(server, reader.token, SEARCH, { q: 'Quin Zabrisky', type: 'PEOPLE', first: 10 });
    expect(people.data.search.edges).toEqual([
      {
        cursor: expect.any(String),
        kind: 'PEOPLE',
        node: {
          __typename: 'User',
          id: quinn.uid,
          displayName: 'Quinn Zabriskie',
          photoURL: null,
          followerCount: 1,
          isViewer: false,
          viewerIsFollowing: true,
          viewerCan: { follow: true },
          postCount: 12,
        },
      },
    ]);
    expect(people.sqlStatements).toBe(1);

    const tags = await graphql(server, reader.token, SEARCH, { q: 'xylo', type: 'TAGS' });
    expect(tags.data.search.edges.map((edge: any) => edge.node)).toEqual([{ __typename: 'Tag', name: 'xylophone', postCount: 12 }]);
    expect(tags.sqlStatements).toBe(1);

    const top = await graphql(server, reader.token, SEARCH, { q: 'xylophone', type: 'TOP', first: 5 });
    expect(top.data.search.edges.map((edge: any) => edge.kind)).toEqual(['TAGS', 'CLIPS', 'CLIPS', 'CLIPS', 'CLIPS', 'CLIPS']);
    expect(top.sqlStatements).toBe(5);
    // Top's next page continues its clips.
    const topNext = await graphql(server, reader.token, SEARCH, {
      q: 'xylophone',
      type: 'TOP',
      first: 5,
      after: top.data.search.pageInfo.endCursor,
    });
    expect(topNext.data.search.edges.map((edge: any) => edge.kind)).toEqual(['CLIPS', 'CLIPS', 'CLIPS', 'CLIPS', 'CLIPS']);
    expect(topNext.sqlStatements).toBe(1);

    const suggestions = await graphql(server, reader.token, SUGGESTIONS, { q: 'xylo' });
    expect(suggestions.data.searchSuggestions).toEqual([{ __typename: 'Tag', name: 'xylophone', postCount: 12 }]);
    expect(suggestions.sqlStatements).toBe(3);
  });

  it("an organization found: one statement a page, its member count and the reader's relation with it", async () => {
    const made = await graphql(
      server,
      quinn.token,
      `
        mutation {
          createOrganization(
            input: { name: "Xylophone Ensemble", slug: "xylophone-ensemble", description: "Mallets and marimbas", category: ARTS }
          ) {
            id
          }
        }
      `,
    );
    expect(made.errors).toBeUndefined();
    const id = made.data.createOrganization.id;
    const found = await graphql(server, reader.token, SEARCH, { q: 'xylofone ensemble', type: 'ORGANIZATIONS', first: 10 });
    expect(found.errors).toBeUndefined();
    expect(found.data.search.edges.map((edge: any) => [edge.kind, edge.node])).toEqual([
      [
        'ORGANIZATIONS',
        {
          __typename: 'Organization',
          id,
          name: 'Xylophone Ensemble',
          slug: 'xylophone-ensemble',
          category: 'ARTS',
          memberCount: 1,
          photoURL: null,
          viewerRole: null,
          viewerMembership: 'NONE',
          viewerIsFollowing: false,
        },
      ],
    ]);
    expect(found.sqlStatements).toBe(1);
    const mine = await graphql(server, quinn.token, SUGGESTIONS, { q: 'marimbas' });
    expect(mine.data.searchSuggestions).toEqual([{ __typename: 'Organization', id, slug: 'xylophone-ensemble', viewerRole: 'OWNER' }]);
  });

  it('answers a signed-out visitor, as they may see', async () => {
    const result = await graphql(server, null, SEARCH, { q: 'quinn', type: 'PEOPLE' });
    expect(result.errors).toBeUndefined();
    expect(result.data.search.edges[0].node).toMatchObject({ id: quinn.uid, viewerIsFollowing: false, isViewer: false });
    expect(nodes(await graphql(server, null, SEARCH, { q: 'recital 3', type: 'CLIPS' }))[0]).toBe(posts[3]);
  });

  it('refuses a search over 100 characters, and a page link of another list, in plain words', async () => {
    const long = await graphql(server, reader.token, SEARCH, { q: 'x'.repeat(101), type: 'TOP' });
    expect(long.errors?.[0]).toMatchObject({
      message: 'A search must be at most 100 characters',
      extensions: { code: 'BAD_USER_INPUT', fields: { q: 'A search must be at most 100 characters' } },
    });
    expect(long.data).toBeNull();
    const people = await graphql(server, reader.token, SEARCH, { q: 'quinn', type: 'PEOPLE' });
    const wrong = await graphql(server, reader.token, SEARCH, { q: 'quinn', type: 'CLIPS', after: people.data.search.edges[0].cursor });
    expect(wrong.errors?.[0]).toMatchObject({
      message: 'This page link is not valid. Please search again.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const blank = await graphql(server, reader.token, SEARCH, { q: '  ', type: 'TOP' });
    expect(blank.data.search).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: null } });
  });
});

describe('search is rate limited (the one limited read)', () => {
  const STUDENT = 3;
  const ADDRESS = 5;
  let server: TestServer;

  beforeAll(async () => {
    const table = Object.fromEntries(
      Object.entries(RATE_LIMITS as RateLimitTable).map(([action, limits]) => [
        action,
        action === 'search'
          ? { perStudent: { points: STUDENT, seconds: 60 }, perAddress: { points: ADDRESS, seconds: 60 } }
          : { ...limits, perAddress: { points: 1000, seconds: limits.perAddress.seconds } },
      ]),
    ) as RateLimitTable;
    server = await startTestServer({}, { rateLimitTable: table });
  });
  afterAll(async () => {
    await server?.close();
  });

  const ask = (
    token: string | null,
    address: string,
    query = SEARCH,
    variables: Record<string, unknown> = { q: 'anything', type: 'TOP' },
  ) => graphql(server, token, query, variables, { 'x-forwarded-for': address });

  it('a student: searches and suggestions share the budget; past it, 429 RATE_LIMITED with Retry-After; another student may', async () => {
    const student = await createStudent(server);
    const address = newClientAddress();
    expect((await ask(student.token, address)).status).toBe(200);
    expect((await ask(student.token, address, SUGGESTIONS, { q: 'any' })).status).toBe(200);
    expect((await ask(student.token, address)).errors).toBeUndefined();
    const refused = await ask(student.token, address, SUGGESTIONS, { q: 'any' });
    expect(refused.status).toBe(429);
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'RATE_LIMITED' } });
    expect(refused.errors?.[0]?.message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    expect((await ask((await createStudent(server)).token, newClientAddress())).status).toBe(200);
  });

  it('signed out: the address alone counts, and a signed-in student elsewhere is not held back', async () => {
    const address = newClientAddress();
    for (let i = 0; i < ADDRESS; i++) expect((await ask(null, address)).status).toBe(200);
    const refused = await ask(null, address);
    expect(refused.status).toBe(429);
    expect(
      Number(
        (
          await fetch(`${server.url}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
            body: JSON.stringify({ query: SUGGESTIONS, variables: { q: 'x' } }),
          })
        ).headers.get('retry-after'),
      ),
    ).toBeGreaterThan(0);
    expect((await ask(null, newClientAddress())).status).toBe(200);
  });
});
