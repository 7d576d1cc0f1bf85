import { HOME_WALK_FROM_FOLLOWING } from '../../src/modules/feeds/feed.service';
import { createPost, follow } from '../support/scenario';
import { createStudent, graphql, rest, startTestServer, type Student, type TestServer } from '../support/test-server';

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

/** The ids newest first, as Home must order them: by (created_at, id) descending. */
async function newestFirst(postIds: string[]): Promise<string[]> {
  const rows: Array<{ id: string }> = await server.app.database.dataSource.query(
    'SELECT id FROM posts WHERE id = ANY($1::uuid[]) ORDER BY created_at DESC, id DESC',
    [postIds],
  );
  return rows.map((row) => row.id);
}

/** Every page of the REST home feed, by page number (the spec's `?page=&limit=`). */
async function walkRest(student: Student, limit: number): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; page < 100; page++) {
    const response = await rest(server, 'GET', `/api/posts/following/${student.uid}?page=${page}&limit=${limit}`, { token: student.token });
    expect(response.status).toBe(200);
    ids.push(...response.body.posts.map((post: { _id: string }) => post._id));
    if (!response.body.hasMore) return ids;
  }
  throw new Error('pagination did not end');
}

describe('home feed and explore', () => {
  let viewer: Student;
  let followed: Student;
  let stranger: Student;
  const followedPosts: string[] = [];
  const strangerPosts: string[] = [];
  const ownPosts: string[] = [];

  beforeAll(async () => {
    [viewer, followed, stranger] = await Promise.all([createStudent(server), createStudent(server), createStudent(server)]);
    await follow(server, viewer, followed);
    for (let i = 0; i < 5; i++) followedPosts.push((await createPost(server, followed, { caption: `followed ${i}` })).id);
    for (let i = 0; i < 3; i++) strangerPosts.push((await createPost(server, stranger, { caption: `stranger ${i}` })).id);
    for (let i = 0; i < 3; i++) ownPosts.push((await createPost(server, viewer, { caption: `own ${i}` })).id);
    // Three of the followed posts share one instant: the id must break the tie.
    for (const id of followedPosts.slice(1, 4)) await setCreatedAt(id, '2026-01-01T12:00:00.000Z');
    // The viewer's posts fall between the followed ones (one in the tie), not all on top.
    await setCreatedAt(ownPosts[0]!, '2025-12-31T12:00:00.000Z');
    await setCreatedAt(ownPosts[1]!, '2026-01-01T12:00:00.000Z');
  });

  it('home holds the viewer’s own posts and those of followed people, interleaved newest first, across pages with ties', async () => {
    const ids = await walk(HOME, viewer, 2);
    expect(ids).toEqual(await newestFirst([...followedPosts, ...ownPosts]));
    for (const id of strangerPosts) expect(ids).not.toContain(id);
  });

  it('the REST home feed is the same list, page by page', async () => {
    expect(await walkRest(viewer, 2)).toEqual(await newestFirst([...followedPosts, ...ownPosts]));
  });

  it('a new post is at the top of Home at once, even for someone who follows nobody', async () => {
    const loner = await createStudent(server);
    const empty = await graphql(server, loner.token, HOME, { first: 10 });
    expect(empty.data.homeFeed.edges).toEqual([]);
    const post = await createPost(server, loner, { caption: 'my first clip' });
    const home = await graphql(server, loner.token, HOME, { first: 10 });
    expect(home.data.homeFeed.edges.map((edge: any) => edge.node.id)).toEqual([post.id]);
    const newest = await graphql(server, viewer.token, HOME, { first: 1 });
    const mine = await createPost(server, viewer, { caption: 'just now' });
    ownPosts.push(mine.id);
    const after = await graphql(server, viewer.token, HOME, { first: 2 });
    expect(after.data.homeFeed.edges.map((edge: any) => edge.node.id)).toEqual([mine.id, newest.data.homeFeed.edges[0].node.id]);
  });

  it('explore holds posts of people not followed and never the viewer’s own', async () => {
    const ids = await walk(EXPLORE, viewer, 50);
    for (const id of strangerPosts) expect(ids).toContain(id);
    for (const id of [...followedPosts, ...ownPosts]) expect(ids).not.toContain(id);
  });

  it('stays stable when a post is deleted between pages', async () => {
    const first = await graphql(server, viewer.token, HOME, { first: 2 });
    const seen = first.data.homeFeed.edges.map((edge: any) => edge.node.id);
    const nextUnseen = (await walk(HOME, viewer, 50)).find((id) => !seen.includes(id))!;
    // Delete the last post of page one: the cursor is a position, not a count, so page two is unaffected.
    const anchor = first.data.homeFeed.pageInfo.endCursor;
    const ownLast = first.data.homeFeed.edges[1].node.author.id === viewer.uid;
    const author = ownLast ? viewer : followed;
    const deleted = await graphql(
      server,
      author.token,
      `
        mutation ($id: ID!) {
          deletePost(id: $id)
        }
      `,
      { id: seen[1] },
    );
    expect(deleted.data.deletePost).toBe(true);
    const list = ownLast ? ownPosts : followedPosts;
    list.splice(list.indexOf(seen[1]), 1);
    const second = await graphql(server, viewer.token, HOME, { first: 2, after: anchor });
    expect(second.data.homeFeed.edges[0].node.id).toBe(nextUnseen);
  });

  it('says on the last page that no pages remain', async () => {
    const all = await graphql(server, viewer.token, HOME, { first: 50 });
    expect(all.data.homeFeed.pageInfo.hasNextPage).toBe(false);
    expect(all.data.homeFeed.edges).toHaveLength(followedPosts.length + ownPosts.length);
  });

  it('caps the page size at 50 and defaults to 10', async () => {
    const many = await createStudent(server);
    const result = await graphql(
      server,
      many.token,
      `
        {
          explore(first: 500) {
            edges {
              cursor
            }
          }
        }
      `,
    );
    expect(result.data.explore.edges.length).toBeLessThanOrEqual(50);
    const defaults = await graphql(
      server,
      many.token,
      `
        {
          explore {
            edges {
              cursor
            }
          }
        }
      `,
    );
    expect(defaults.data.explore.edges.length).toBeLessThanOrEqual(10);
  });

  it('issues the same small number of SQL statements whatever the page size', async () => {
    const small = await graphql(server, viewer.token, HOME, { first: 1 });
    const large = await graphql(server, viewer.token, HOME, { first: 50 });
    expect(small.sqlStatements).toBe(large.sqlStatements);
    expect(large.sqlStatements).toBeLessThanOrEqual(2);
  });

  it('answers a page with its authors and what the viewer likes from one statement', async () => {
    const [reader, poster] = await Promise.all([createStudent(server), createStudent(server)]);
    await follow(server, reader, poster);
    const liked = await createPost(server, poster, { caption: 'liked one' });
    const other = await createPost(server, poster, { caption: 'not liked' });
    const like = await graphql(server, reader.token, 'mutation($id: ID!) { likePost(postId: $id) { id } }', { id: liked.id });
    expect(like.errors).toBeUndefined();
    for (const query of [HOME, EXPLORE.replace('explore(', 'postsByTag(tag: "nothing-here", ')]) {
      const page = await graphql(server, reader.token, query, { first: 10 });
      expect(page.errors).toBeUndefined();
      expect(page.sqlStatements).toBe(1);
    }
    const home = await graphql(server, reader.token, HOME, { first: 10 });
    const byId = new Map(home.data.homeFeed.edges.map((edge: any) => [edge.node.id, edge.node]));
    expect(byId.get(liked.id)).toMatchObject({
      viewerHasLiked: true,
      likeCount: 1,
      author: { id: poster.uid, displayName: poster.displayName },
    });
    expect(byId.get(other.id)).toMatchObject({ viewerHasLiked: false, author: { id: poster.uid } });
    // Someone else reading the same posts gets their own answer, not the reader's.
    const stranger = await createStudent(server);
    const explore = await graphql(server, stranger.token, EXPLORE, { first: 50 });
    const seen = explore.data.explore.edges.find((edge: any) => edge.node.id === liked.id);
    expect(seen?.node).toMatchObject({ viewerHasLiked: false, likeCount: 1, author: { id: poster.uid } });
  });

  it('answers a REST feed page, likes and comments embedded, in three statements whatever its size', async () => {
    const [reader, poster, commenter] = await Promise.all([createStudent(server), createStudent(server), createStudent(server)]);
    await follow(server, reader, poster);
    for (let index = 0; index < 3; index++) {
      const post = await createPost(server, poster, { caption: `rest ${index}` });
      const comment = await graphql(server, commenter.token, 'mutation($id: ID!) { addComment(postId: $id, text: "Nice") { id } }', {
        id: post.id,
      });
      expect(comment.errors).toBeUndefined();
    }
    const statements = async (limit: number) => {
      const response = await rest(server, 'GET', `/api/posts/following/${reader.uid}?page=1&limit=${limit}`, { token: reader.token });
      expect(response.status).toBe(200);
      expect(response.body.posts[0].comments[0].userId).toMatchObject({ firebaseUid: commenter.uid, displayName: commenter.displayName });
      expect(response.body.posts[0].userId).toMatchObject({ firebaseUid: poster.uid });
      return Number(response.headers.get('x-sql-statements'));
    };
    const one = await statements(1);
    expect(one).toBe(await statements(3));
    expect(one).toBe(3);
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
    expect(result.errors?.[0]).toMatchObject({
      message: 'This page link is not valid. Please reload the list.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});

describe(`home feed of a viewer who follows ${HOME_WALK_FROM_FOLLOWING} or more (the walk plan)`, () => {
  let viewer: Student;
  let followed: Student;
  let stranger: Student;
  const homePosts: string[] = [];
  const strangerPosts: string[] = [];

  beforeAll(async () => {
    [viewer, followed, stranger] = await Promise.all([createStudent(server), createStudent(server), createStudent(server)]);
    await follow(server, viewer, followed);
    // Enough quiet accounts followed (straight into the tables; the trigger counts them) to switch plans.
    const db = server.app.database.dataSource;
    const prefix = `quiet-${viewer.uid}-`;
    await db.query(`INSERT INTO users (firebase_uid) SELECT $1 || g FROM generate_series(1, $2::int) g`, [
      prefix,
      HOME_WALK_FROM_FOLLOWING,
    ]);
    await db.query(`INSERT INTO follows (follower_uid, followee_uid) SELECT $1, $2 || g FROM generate_series(1, $3::int) g`, [
      viewer.uid,
      prefix,
      HOME_WALK_FROM_FOLLOWING,
    ]);
    for (let i = 0; i < 3; i++) {
      homePosts.push((await createPost(server, followed, { caption: `followed ${i}` })).id);
      strangerPosts.push((await createPost(server, stranger, { caption: `stranger ${i}` })).id);
      homePosts.push((await createPost(server, viewer, { caption: `own ${i}` })).id);
    }
    await setCreatedAt(homePosts[0]!, '2026-01-01T12:00:00.000Z');
    await setCreatedAt(homePosts[1]!, '2026-01-01T12:00:00.000Z');
  });

  it('holds the viewer’s own posts and followed people’s, interleaved newest first, page by page, and nobody else’s', async () => {
    const [{ following_count: following }] = await server.app.database.dataSource.query(
      'SELECT following_count FROM users WHERE firebase_uid = $1',
      [viewer.uid],
    );
    expect(following).toBeGreaterThan(HOME_WALK_FROM_FOLLOWING);
    const ids = await walk(HOME, viewer, 2);
    expect(ids).toEqual(await newestFirst(homePosts));
    expect(await walkRest(viewer, 2)).toEqual(ids);
    for (const id of strangerPosts) expect(ids).not.toContain(id);
  });

  it('issues the same small number of SQL statements as the other plan', async () => {
    const small = await graphql(server, viewer.token, HOME, { first: 1 });
    const large = await graphql(server, viewer.token, HOME, { first: 50 });
    expect(small.sqlStatements).toBe(large.sqlStatements);
    expect(large.sqlStatements).toBeLessThanOrEqual(2);
  });
});
