import { createPost, follow } from '../support/scenario';
import { createStudent, graphql, startTestServer, type Student, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const HOME = `query($first: Int, $after: String) { homeFeed(first: $first, after: $after) {
  edges { cursor node { id caption tags likeCount commentCount viewerHasLiked author { id displayName } } }
  pageInfo { hasNextPage endCursor } } }`;
const EXPLORE = HOME.replace('homeFeed', 'explore');

/** Sets a post's creation time directly, to build ties and known orders. */
async function setCreatedAt(postId: string, iso: string): Promise<void> {
  await server.app.database.dataSource.query('UPDATE posts SET created_at = $2 WHERE id = $1', [postId, iso]);
}

async function walk(query: string, student: Student, first: number): Promise<string[]> {
  const ids: string[] = [];
  let after: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const result: any = await graphql(server, student.token, query, { first, after });
    expect(result.errors).toBeUndefined();
    const connection = result.data.homeFeed ?? result.data.explore;
    ids.push(...connection.edges.map((edge: any) => edge.node.id));
    if (!connection.pageInfo.hasNextPage) return ids;
    after = connection.pageInfo.endCursor;
  }
  throw new Error('pagination did not end');
}

describe('home feed and explore', () => {
  let viewer: Student;
  let followed: Student;
  let stranger: Student;
  const followedPosts: string[] = [];
  const strangerPosts: string[] = [];
  let ownPost: string;

  beforeAll(async () => {
    [viewer, followed, stranger] = await Promise.all([createStudent(server), createStudent(server), createStudent(server)]);
    await follow(server, viewer, followed);
    for (let i = 0; i < 5; i++) followedPosts.push((await createPost(server, followed, { caption: `followed ${i}` })).id);
    for (let i = 0; i < 3; i++) strangerPosts.push((await createPost(server, stranger, { caption: `stranger ${i}` })).id);
    ownPost = (await createPost(server, viewer)).id;
    // Three of the followed posts share one instant: the id must break the tie.
    for (const id of followedPosts.slice(1, 4)) await setCreatedAt(id, '2026-01-01T12:00:00.000Z');
  });

  it('home holds exactly the posts of followed people, newest first, across pages with ties', async () => {
    const ids = await walk(HOME, viewer, 2);
    expect(new Set(ids)).toEqual(new Set(followedPosts));
    expect(ids).toHaveLength(followedPosts.length);
    const rows: Array<{ id: string }> = await server.app.database.dataSource.query(
      'SELECT id FROM posts WHERE id = ANY($1::uuid[]) ORDER BY created_at DESC, id DESC',
      [followedPosts],
    );
    expect(ids).toEqual(rows.map((row) => row.id));
  });

  it('explore holds posts of people not followed and never the viewer’s own', async () => {
    const ids = await walk(EXPLORE, viewer, 50);
    for (const id of strangerPosts) expect(ids).toContain(id);
    for (const id of [...followedPosts, ownPost]) expect(ids).not.toContain(id);
  });

  it('stays stable when a post is deleted between pages', async () => {
    const first = await graphql(server, viewer.token, HOME, { first: 2 });
    const seen = first.data.homeFeed.edges.map((edge: any) => edge.node.id);
    const nextUnseen = (await walk(HOME, viewer, 50)).find((id) => !seen.includes(id))!;
    // Delete the last post of page one: the cursor is a position, not a count, so page two is unaffected.
    const anchor = first.data.homeFeed.pageInfo.endCursor;
    const deleted = await graphql(server, followed.token, `mutation($id: ID!) { deletePost(id: $id) }`, { id: seen[1] });
    expect(deleted.data.deletePost).toBe(true);
    followedPosts.splice(followedPosts.indexOf(seen[1]), 1);
    const second = await graphql(server, viewer.token, HOME, { first: 2, after: anchor });
    expect(second.data.homeFeed.edges[0].node.id).toBe(nextUnseen);
  });

  it('says on the last page that no pages remain', async () => {
    const all = await graphql(server, viewer.token, HOME, { first: 50 });
    expect(all.data.homeFeed.pageInfo.hasNextPage).toBe(false);
    expect(all.data.homeFeed.edges).toHaveLength(followedPosts.length);
  });

  it('caps the page size at 50 and defaults to 10', async () => {
    const many = await createStudent(server);
    const result = await graphql(server, many.token, `{ explore(first: 500) { edges { cursor } } }`);
    expect(result.data.explore.edges.length).toBeLessThanOrEqual(50);
    const defaults = await graphql(server, many.token, `{ explore { edges { cursor } } }`);
    expect(defaults.data.explore.edges.length).toBeLessThanOrEqual(10);
  });

  it('issues the same small number of SQL statements whatever the page size', async () => {
    const small = await graphql(server, viewer.token, HOME, { first: 1 });
    const large = await graphql(server, viewer.token, HOME, { first: 50 });
    expect(small.sqlStatements).toBe(large.sqlStatements);
    expect(large.sqlStatements).toBeLessThanOrEqual(3);
  });

  it('needs a signed-in user for home; anonymous visitors may explore public posts', async () => {
    const home = await graphql(server, null, HOME, {});
    expect(home.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const explore = await graphql(server, null, EXPLORE, { first: 50 });
    expect(explore.errors).toBeUndefined();
    expect(explore.data.explore.edges.length).toBeGreaterThan(0);
  });

  it('refuses a forged cursor with a clear message', async () => {
    const result = await graphql(server, viewer.token, HOME, { after: 'bm90LWEtY3Vyc29y' });
    expect(result.errors?.[0]).toMatchObject({ message: 'This page link is not valid. Please reload the list.', extensions: { code: 'BAD_USER_INPUT' } });
  });
});
