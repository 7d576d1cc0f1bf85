import { createPost } from '../support/scenario';
import { createStudent, graphql, rest, startTestServer, type Student, type TestServer } from '../support/test-server';

/**
 * `postCount` and `commentCount` count only what the reader may see (issue 23, item 12): a profile
 * shows others only its ready, visible posts (not those processing, hidden for review, or all of a
 * suspended student's), its owner all of them; a post's comment count is the length of the thread
 * the reader is shown (not the comments of people they blocked, who blocked them, whom they muted,
 * or who are suspended), on every read: a post by id, feed and profile pages, REST, mutations.
 */
let server: TestServer;
/** The same api on the same database with no transcoding worker anywhere: its new posts stay PROCESSING. */
let noWorker: TestServer;
let moderator: Student;

beforeAll(async () => {
  server = await startTestServer();
  noWorker = await startTestServer({}, { instantVideos: false });
  moderator = await createStudent(server);
  await server.app.database.dataSource.query(`UPDATE users SET role = 'moderator' WHERE firebase_uid = $1`, [moderator.uid]);
  await server.app.announceStanding(moderator.uid);
});
afterAll(async () => {
  await Promise.all([noWorker?.close(), server?.close()]);
});

const MODERATE = `mutation($input: ModerateInput!) { moderate(input: $input) }`;

async function moderate(input: Record<string, unknown>): Promise<void> {
  const result = await graphql(server, moderator.token, MODERATE, { input });
  expect(result.errors).toBeUndefined();
}

async function mutate(student: Student, query: string, variables: Record<string, unknown>): Promise<any> {
  const result = await graphql(server, student.token, query, variables);
  expect(result.errors).toBeUndefined();
  return result.data;
}

describe('postCount as a profile shows it', () => {
  it('counts for others only the posts they may see, for its owner every one', async () => {
    const [author, stranger] = await Promise.all([createStudent(server), createStudent(server)]);
    await createPost(server, author);
    const hidden = await createPost(server, author);
    // As three reports leave it (moderation.test.ts: reporting): its author's only until a moderator looks.
    await server.app.database.dataSource.query('UPDATE posts SET hidden_for_review = true WHERE id = $1', [hidden.id]);
    const processing = await createPost(noWorker, author);
    expect(
      (
        await graphql(
          server,
          author.token,
          `
            query ($id: ID!) {
              post(id: $id) {
                status
              }
            }
          `,
          { id: processing.id },
        )
      ).data.post,
    ).toEqual({
      status: 'PROCESSING',
    });

    const PROFILE = `query($id: ID!) { user(id: $id) { postCount posts(first: 10) { edges { node { id } } } } }`;
    const seenBy = async (token: string | null) => {
      const { user } = (await graphql(server, token, PROFILE, { id: author.uid })).data;
      const rest_ = await rest(server, 'GET', `/api/users/${author.uid}`, { token });
      return { postCount: user.postCount, listed: user.posts.edges.length, rest: rest_.body.user.postCount };
    };
    expect(await seenBy(stranger.token)).toEqual({ postCount: 1, listed: 1, rest: 1 });
    expect(await seenBy(null)).toEqual({ postCount: 1, listed: 1, rest: 1 });
    expect(await seenBy(author.token)).toEqual({ postCount: 3, listed: 3, rest: 3 });

    // A moderator looks and lets it stand: back for everyone.
    await moderate({ targetType: 'POST', targetId: hidden.id, decision: 'DISMISS', note: 'Fine' });
    expect(await seenBy(stranger.token)).toEqual({ postCount: 2, listed: 2, rest: 2 });

    // Suspended: the profile still shows, none of its posts do.
    await moderate({ targetType: 'USER', targetId: author.uid, decision: 'SUSPEND', note: 'Spam', days: 7 });
    expect(await seenBy(stranger.token)).toEqual({ postCount: 0, listed: 0, rest: 0 });
    await moderate({ targetType: 'USER', targetId: author.uid, decision: 'UNSUSPEND', note: 'Appeal accepted' });
    expect(await seenBy(stranger.token)).toEqual({ postCount: 2, listed: 2, rest: 2 });

    // The post's author deletes the one still processing: their own count follows.
    await mutate(author, `mutation($id: ID!) { deletePost(id: $id) }`, { id: processing.id });
    expect(await seenBy(author.token)).toEqual({ postCount: 2, listed: 2, rest: 2 });
  });
});

describe('commentCount as the thread shows it', () => {
  let author: Student;
  let reader: Student;
  let stranger: Student;
  let postId: string;

  beforeAll(async () => {
    let friend: Student, blockedByReader: Student, blocksReader: Student, mutedByReader: Student, suspended: Student;
    [author, reader, stranger, friend, blockedByReader, blocksReader, mutedByReader, suspended] = await Promise.all(
      Array.from({ length: 8 }, () => createStudent(server)),
    );
    postId = (await createPost(server, author, { tags: ['countedthreads'] })).id;
    for (const commenter of [friend, blockedByReader, blocksReader, mutedByReader, suspended]) {
      await mutate(commenter, `mutation($id: ID!) { addComment(postId: $id, text: "Nice one") { id } }`, { id: postId });
    }
    await mutate(reader, `mutation($u: ID!) { blockUser(userId: $u) }`, { u: blockedByReader.uid });
    await mutate(blocksReader, `mutation($u: ID!) { blockUser(userId: $u) }`, { u: reader.uid });
    await mutate(reader, `mutation($u: ID!) { muteUser(userId: $u) }`, { u: mutedByReader.uid });
    await moderate({ targetType: 'USER', targetId: suspended.uid, decision: 'SUSPEND', note: 'Harassment', days: 7 });
  });

  /** The count and the thread's length on each read path, as one reader sees them. */
  async function countsSeenBy(student: Student | null) {
    const token = student?.token ?? null;
    const byId = (
      await graphql(
        server,
        token,
        `
          query ($id: ID!) {
            post(id: $id) {
              commentCount
              comments(first: 50) {
                edges {
                  node {
                    id
                  }
                }
              }
            }
          }
        `,
        {
          id: postId,
        },
      )
    ).data.post;
    const tagPage = (
      await graphql(
        server,
        token,
        `
          {
            postsByTag(tag: "countedthreads", first: 5) {
              edges {
                node {
                  commentCount
                }
              }
            }
          }
        `,
      )
    ).data.postsByTag.edges[0].node.commentCount;
    const profile = (
      await graphql(
        server,
        token,
        `
          query ($u: ID!) {
            user(id: $u) {
              posts(first: 5) {
                edges {
                  node {
                    commentCount
                  }
                }
              }
            }
          }
        `,
        {
          u: author.uid,
        },
      )
    ).data.user.posts.edges[0].node.commentCount;
    const document = (await rest(server, 'GET', `/api/posts/user/${author.uid}`, { token })).body.posts[0];
    return {
      thread: byId.comments.edges.length,
      byId: byId.commentCount,
      tagPage,
      profile,
      rest: document.commentCount,
      restThread: document.comments.length,
    };
  }

  const same = (n: number) => ({ thread: n, byId: n, tagPage: n, profile: n, rest: n, restThread: n });

  it('leaves out, for one reader, whom they blocked, who blocked them, whom they muted, and anyone suspended', async () => {
    expect(await countsSeenBy(reader)).toEqual(same(1));
    const liked = await mutate(reader, `mutation($id: ID!) { likePost(postId: $id) { commentCount } }`, { id: postId });
    expect(liked.likePost.commentCount).toBe(1);
  });

  it('leaves out only the suspended for everyone else, signed in or not, the post’s author included', async () => {
    expect(await countsSeenBy(stranger)).toEqual(same(4));
    expect(await countsSeenBy(author)).toEqual(same(4));
    expect(await countsSeenBy(null)).toEqual(same(4));
  });

  it('costs a feed page no statement more for a reader who hides people than for one who hides nobody', async () => {
    const EXPLORE = `{ explore(first: 10) { edges { node { id commentCount author { id displayName } } } } }`;
    const hiding = await graphql(server, reader.token, EXPLORE);
    const plain = await graphql(server, stranger.token, EXPLORE);
    expect(hiding.data.explore.edges.find((edge: any) => edge.node.id === postId).node.commentCount).toBe(1);
    expect(plain.data.explore.edges.find((edge: any) => edge.node.id === postId).node.commentCount).toBe(4);
    expect(hiding.sqlStatements).toBe(plain.sqlStatements);
  });
});
