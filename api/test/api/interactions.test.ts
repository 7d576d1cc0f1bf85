import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { liveComments } from '../support/live-comments';
import { createPost, follow, uploadedVideo } from '../support/scenario';
import { createStudent, graphql, startTestServer, type Student, type TestServer } from '../support/test-server';

let server: TestServer;
let author: Student;
let fan: Student;
beforeAll(async () => {
  server = await startTestServer();
  [author, fan] = await Promise.all([createStudent(server), createStudent(server)]);
});
afterAll(async () => {
  await server.close();
});

const LIKE = `mutation($id: ID!) { likePost(postId: $id) { id likeCount viewerHasLiked } }`;
const UNLIKE = `mutation($id: ID!) { unlikePost(postId: $id) { id likeCount viewerHasLiked } }`;
const ADD_COMMENT = `mutation($id: ID!, $text: String!) { addComment(postId: $id, text: $text) { id text createdAt author { id displayName } } }`;

describe('posts', () => {
  it('creates a post from the caller’s own upload with clean tags and exposes the video facts', async () => {
    const videoUrl = await uploadedVideo(server, author);
    const result = await graphql(
      server,
      author.token,
      `
        mutation ($input: CreatePostInput!) {
          createPost(input: $input) {
            id
            videoUrl
            posterUrl
            duration
            width
            height
            caption
            tags
            author {
              id
              postCount
            }
          }
        }
      `,
      { input: { videoUrl, caption: '  Quad at sunset  ', tags: ['#Campus', 'campus', ' sunset '] } },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data.createPost).toMatchObject({ videoUrl, caption: 'Quad at sunset', tags: ['Campus', 'sunset'] });
    expect(result.data.createPost.duration).toBeGreaterThan(0);
    expect(result.data.createPost.width).toBeGreaterThan(0);
  });

  it('refuses a post without a video, with the spec message', async () => {
    const result = await graphql(
      server,
      author.token,
      `
        mutation {
          createPost(input: { videoUrl: "" }) {
            id
          }
        }
      `,
    );
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { videoUrl: 'Please upload a video first' } });
  });

  it('refuses someone else’s upload', async () => {
    const videoUrl = await uploadedVideo(server, author);
    const result = await graphql(
      server,
      fan.token,
      `
        mutation ($v: String!) {
          createPost(input: { videoUrl: $v }) {
            id
          }
        }
      `,
      { v: videoUrl },
    );
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('refuses over-long captions and too many tags', async () => {
    const videoUrl = await uploadedVideo(server, author);
    const tags = Array.from({ length: 31 }, (_, i) => `tag${i}`);
    const result = await graphql(
      server,
      author.token,
      `
        mutation ($input: CreatePostInput!) {
          createPost(input: $input) {
            id
          }
        }
      `,
      {
        input: { videoUrl, caption: 'c'.repeat(2201), tags },
      },
    );
    expect(result.errors?.[0]?.extensions?.fields).toEqual({
      caption: 'Caption must be at most 2,200 characters',
      tags: 'Use at most 30 tags',
    });
  });

  it('lets only the author delete a post', async () => {
    const post = await createPost(server, author);
    const refused = await graphql(
      server,
      fan.token,
      `
        mutation ($id: ID!) {
          deletePost(id: $id)
        }
      `,
      { id: post.id },
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const deleted = await graphql(
      server,
      author.token,
      `
        mutation ($id: ID!) {
          deletePost(id: $id)
        }
      `,
      { id: post.id },
    );
    expect(deleted.data.deletePost).toBe(true);
    const gone = await graphql(
      server,
      null,
      `
        query ($id: ID!) {
          post(id: $id) {
            id
          }
        }
      `,
      { id: post.id },
    );
    expect(gone.data.post).toBeNull();
  });

  it('finds posts by tag', async () => {
    const post = await createPost(server, author, { tags: ['robotics-club'] });
    const result = await graphql(
      server,
      null,
      `
        {
          postsByTag(tag: "#Robotics-Club") {
            edges {
              node {
                id
              }
            }
          }
        }
      `,
    );
    expect(result.data.postsByTag.edges.map((edge: any) => edge.node.id)).toEqual([post.id]);
  });
});

describe('likes', () => {
  it('counts one like per student, never below zero', async () => {
    const post = await createPost(server, author);
    expect((await graphql(server, fan.token, LIKE, { id: post.id })).data.likePost).toMatchObject({ likeCount: 1, viewerHasLiked: true });
    expect((await graphql(server, fan.token, LIKE, { id: post.id })).data.likePost.likeCount).toBe(1);
    expect((await graphql(server, fan.token, UNLIKE, { id: post.id })).data.unlikePost).toMatchObject({
      likeCount: 0,
      viewerHasLiked: false,
    });
    expect((await graphql(server, fan.token, UNLIKE, { id: post.id })).data.unlikePost.likeCount).toBe(0);
  });

  it('answers NOT_FOUND for a post that does not exist', async () => {
    const result = await graphql(server, fan.token, LIKE, { id: '00000000-0000-4000-8000-000000000000' });
    expect(result.errors?.[0]).toMatchObject({ message: 'Post not found', extensions: { code: 'NOT_FOUND' } });
  });
});

describe('comments', () => {
  it('adds a comment, counts it, and refuses empty or over-long text', async () => {
    const post = await createPost(server, author);
    const added = await graphql(server, fan.token, ADD_COMMENT, { id: post.id, text: '  Great shot!  ' });
    expect(added.data.addComment).toMatchObject({ text: 'Great shot!', author: { id: fan.uid } });
    const empty = await graphql(server, fan.token, ADD_COMMENT, { id: post.id, text: '   ' });
    expect(empty.errors?.[0]?.extensions?.fields).toEqual({ text: 'Comment cannot be empty' });
    const long = await graphql(server, fan.token, ADD_COMMENT, { id: post.id, text: 'x'.repeat(1001) });
    expect(long.errors?.[0]?.extensions?.fields).toEqual({ text: 'Comment must be at most 1,000 characters' });
    const read = await graphql(
      server,
      null,
      `
        query ($id: ID!) {
          post(id: $id) {
            commentCount
            comments {
              edges {
                node {
                  text
                }
              }
            }
          }
        }
      `,
      { id: post.id },
    );
    expect(read.data.post).toEqual({ commentCount: 1, comments: { edges: [{ node: { text: 'Great shot!' } }] } });
  });

  it('may be deleted by its author or the post’s author, not by a third student', async () => {
    const post = await createPost(server, author);
    const third = await createStudent(server);
    const comment = (await graphql(server, fan.token, ADD_COMMENT, { id: post.id, text: 'hello' })).data.addComment;
    const refused = await graphql(
      server,
      third.token,
      `
        mutation ($id: ID!) {
          deleteComment(id: $id)
        }
      `,
      { id: comment.id },
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const byPostAuthor = await graphql(
      server,
      author.token,
      `
        mutation ($id: ID!) {
          deleteComment(id: $id)
        }
      `,
      { id: comment.id },
    );
    expect(byPostAuthor.data.deleteComment).toBe(true);
  });

  it('reaches a live subscriber through commentAdded', async () => {
    const post = await createPost(server, author);
    const client = createClient({
      url: server.url.replace('http', 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${author.token}` },
    });
    try {
      const received = new Promise<any>((resolve, reject) => {
        client.subscribe(
          {
            query: `subscription($id: ID!) { commentAdded(postId: $id) { id text author { id displayName } } }`,
            variables: { id: post.id },
          },
          { next: (value) => resolve(value), error: reject, complete: () => undefined },
        );
      });
      // Give the subscription a moment to register before the comment is published.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await graphql(server, fan.token, ADD_COMMENT, { id: post.id, text: 'Live from the library' });
      const event = await received;
      expect(event.data.commentAdded).toMatchObject({
        text: 'Live from the library',
        author: { id: fan.uid, displayName: fan.displayName },
      });
    } finally {
      await client.dispose();
    }
  });

  it('gives every subscriber of a post the comment, working out per viewer what depends on the viewer', async () => {
    const post = await createPost(server, author);
    await graphql(server, author.token, LIKE, { id: post.id });
    const COMMON = `subscription($id: ID!) { commentAdded(postId: $id) { id text author { id displayName } } }`;
    const PERSONAL = `subscription($id: ID!) { commentAdded(postId: $id) { id post { id viewerHasLiked likeCount } } }`;
    const streams = [
      liveComments(server, author, COMMON, post.id),
      liveComments(server, fan, COMMON, post.id),
      liveComments(server, author, PERSONAL, post.id),
      liveComments(server, fan, PERSONAL, post.id),
    ];
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await graphql(server, fan.token, ADD_COMMENT, { id: post.id, text: 'Seen by everyone' });
      const [authorCommon, fanCommon, authorPersonal, fanPersonal] = await Promise.all(streams.map((stream) => stream.next()));
      const expected = { text: 'Seen by everyone', author: { id: fan.uid, displayName: fan.displayName } };
      expect(authorCommon.commentAdded).toMatchObject(expected);
      expect(fanCommon.commentAdded).toEqual(authorCommon.commentAdded);
      expect(authorPersonal.commentAdded.post).toEqual({ id: post.id, viewerHasLiked: true, likeCount: 1 });
      expect(fanPersonal.commentAdded.post).toEqual({ id: post.id, viewerHasLiked: false, likeCount: 1 });
    } finally {
      await Promise.all(streams.map((stream) => stream.close()));
    }
  });

  it('shows a live comment under the commenter’s current name, also after a rename', async () => {
    const post = await createPost(server, author);
    const renamer = await createStudent(server, { displayName: 'Robin Before' });
    const stream = liveComments(
      server,
      author,
      `subscription($id: ID!) { commentAdded(postId: $id) { text author { displayName } } }`,
      post.id,
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await graphql(server, renamer.token, ADD_COMMENT, { id: post.id, text: 'First' });
      expect((await stream.next()).commentAdded).toEqual({ text: 'First', author: { displayName: 'Robin Before' } });
      const renamed = await graphql(
        server,
        renamer.token,
        `
          mutation {
            updateProfile(input: { displayName: "Robin After" }) {
              displayName
            }
          }
        `,
      );
      expect(renamed.errors).toBeUndefined();
      await graphql(server, renamer.token, ADD_COMMENT, { id: post.id, text: 'Second' });
      expect((await stream.next()).commentAdded).toEqual({ text: 'Second', author: { displayName: 'Robin After' } });
    } finally {
      await stream.close();
    }
  });

  it('refuses a live channel to a bad token', async () => {
    const client = createClient({
      url: server.url.replace('http', 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      connectionParams: { authorization: 'Bearer nonsense' },
      retryAttempts: 0,
    });
    const outcome = await new Promise<string>((resolve) => {
      client.subscribe(
        { query: `subscription { commentAdded(postId: "00000000-0000-4000-8000-000000000000") { id } }` },
        { next: () => resolve('next'), error: (error: any) => resolve(String(error?.code ?? error)), complete: () => resolve('complete') },
      );
    });
    expect(outcome).toBe('4403');
    await client.dispose();
  });
});

describe('follows', () => {
  it('follows and unfollows with exact counts, and refuses following oneself', async () => {
    const a = await createStudent(server);
    const b = await createStudent(server);
    const followed = await graphql(
      server,
      a.token,
      `
        mutation ($id: ID!) {
          follow(userId: $id) {
            followerCount
            viewerIsFollowing
          }
        }
      `,
      { id: b.uid },
    );
    expect(followed.data.follow).toEqual({ followerCount: 1, viewerIsFollowing: true });
    await follow(server, a, b);
    const me = await graphql(
      server,
      a.token,
      `
        {
          viewer {
            followingCount
            following {
              edges {
                node {
                  id
                }
              }
            }
          }
        }
      `,
    );
    expect(me.data.viewer).toEqual({ followingCount: 1, following: { edges: [{ node: { id: b.uid } }] } });
    const unfollowed = await graphql(
      server,
      a.token,
      `
        mutation ($id: ID!) {
          unfollow(userId: $id) {
            followerCount
            viewerIsFollowing
          }
        }
      `,
      { id: b.uid },
    );
    expect(unfollowed.data.unfollow).toEqual({ followerCount: 0, viewerIsFollowing: false });
    const self = await graphql(
      server,
      a.token,
      `
        mutation ($id: ID!) {
          follow(userId: $id) {
            id
          }
        }
      `,
      { id: a.uid },
    );
    expect(self.errors?.[0]?.extensions?.fields).toEqual({ userId: 'You cannot follow yourself.' });
  });

  it('the database itself refuses a self-follow', async () => {
    const a = await createStudent(server);
    await expect(
      server.app.database.dataSource.query('INSERT INTO follows (follower_uid, followee_uid) VALUES ($1, $1)', [a.uid]),
    ).rejects.toThrow(/follows_not_self/);
  });

  it('suggests people who share interests and finds people by name', async () => {
    const seeker = await createStudent(server, { displayName: 'Seeker Person' });
    const match = await createStudent(server, { displayName: 'Zanzibar Quokka' });
    const UPDATE = `mutation($i: [String!]) { updateProfile(input: { interests: $i }) { id } }`;
    await graphql(server, seeker.token, UPDATE, { i: ['Philosophy', 'Yoga'] });
    await graphql(server, match.token, UPDATE, { i: ['Philosophy'] });
    const suggested = await graphql(
      server,
      seeker.token,
      `
        {
          suggestedUsers(first: 50) {
            id
          }
        }
      `,
    );
    expect(suggested.data.suggestedUsers.map((user: any) => user.id)).toContain(match.uid);
    const found = await graphql(
      server,
      seeker.token,
      `
        {
          searchUsers(query: "zanzibar") {
            edges {
              node {
                id
              }
            }
          }
        }
      `,
    );
    expect(found.data.searchUsers.edges).toEqual([{ node: { id: match.uid } }]);
  });
});

describe('calendar', () => {
  const SAVE = `mutation($d: LocalDate!, $n: String!) { saveCalendarEvent(date: $d, name: $n) { date name } }`;

  it('keeps one private event per day', async () => {
    const student = await createStudent(server);
    await graphql(server, student.token, SAVE, { d: '2026-11-21', n: 'Chemistry exam' });
    await graphql(server, student.token, SAVE, { d: '2026-11-21', n: 'Chemistry exam (room 4)' });
    const list = await graphql(
      server,
      student.token,
      `
        {
          calendarEvents {
            date
            name
          }
        }
      `,
    );
    expect(list.data.calendarEvents).toEqual([{ date: '2026-11-21', name: 'Chemistry exam (room 4)' }]);
    const other = await createStudent(server);
    expect(
      (
        await graphql(
          server,
          other.token,
          `
            {
              calendarEvents {
                date
              }
            }
          `,
        )
      ).data.calendarEvents,
    ).toEqual([]);
    const deleted = await graphql(
      server,
      student.token,
      `
        mutation {
          deleteCalendarEvent(date: "2026-11-21")
        }
      `,
    );
    expect(deleted.data.deleteCalendarEvent).toBe(true);
  });

  // The text rules (packages/rules/text.ts) name the field; errors.test.ts covers the database's own
  // refusal for text no field rule reaches.
  it('refuses a NUL character in the name with the field message, storing nothing', async () => {
    const student = await createStudent(server);
    const result = await graphql(server, student.token, SAVE, { d: '2026-11-22', n: 'Party\u0000night' });
    expect(result.errors?.[0]).toMatchObject({
      message: 'Event name cannot contain control characters',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(
      (
        await graphql(
          server,
          student.token,
          `
            {
              calendarEvents {
                date
              }
            }
          `,
        )
      ).data.calendarEvents,
    ).toEqual([]);
  });

  it('refuses an empty event name (D6) and an impossible date', async () => {
    const student = await createStudent(server);
    const empty = await graphql(server, student.token, SAVE, { d: '2026-11-21', n: '   ' });
    expect(empty.errors?.[0]?.extensions?.fields).toEqual({ eventName: 'Please enter an event name.' });
    const impossible = await graphql(server, student.token, SAVE, { d: '2026-02-30', n: 'Party' });
    expect(impossible.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('deleteAccount', () => {
  it('removes the student’s rows and fixes everyone else’s counters', async () => {
    const leaving = await createStudent(server);
    const staying = await createStudent(server);
    await follow(server, leaving, staying);
    await follow(server, staying, leaving);
    const stayingPost = await createPost(server, staying);
    await graphql(server, leaving.token, LIKE, { id: stayingPost.id });
    await graphql(server, leaving.token, ADD_COMMENT, { id: stayingPost.id, text: 'bye' });
    await createPost(server, leaving);
    await graphql(
      server,
      leaving.token,
      `
        mutation {
          saveCalendarEvent(date: "2026-12-01", name: "Move out") {
            date
          }
        }
      `,
    );

    const result = await graphql(
      server,
      leaving.token,
      `
        mutation {
          deleteAccount
        }
      `,
    );
    expect(result.data.deleteAccount).toBe(true);

    const db = server.app.database.dataSource;
    const [counts] = await db.query(
      `SELECT (SELECT count(*) FROM users WHERE firebase_uid = $1) AS users,
              (SELECT count(*) FROM posts WHERE author_uid = $1) AS posts,
              (SELECT count(*) FROM likes WHERE user_uid = $1) AS likes,
              (SELECT count(*) FROM comments WHERE author_uid = $1) AS comments,
              (SELECT count(*) FROM follows WHERE follower_uid = $1 OR followee_uid = $1) AS follows,
              (SELECT count(*) FROM calendar_events WHERE user_uid = $1) AS events,
              (SELECT count(*) FROM uploads WHERE owner_uid = $1) AS uploads`,
      [leaving.uid],
    );
    expect(counts).toEqual({ users: 0, posts: 0, likes: 0, comments: 0, follows: 0, events: 0, uploads: 0 });
    const after = await graphql(
      server,
      staying.token,
      `
        query ($id: ID!) {
          viewer {
            followerCount
            followingCount
          }
          post(id: $id) {
            likeCount
            commentCount
          }
        }
      `,
      { id: stayingPost.id },
    );
    expect(after.data).toEqual({ viewer: { followerCount: 0, followingCount: 0 }, post: { likeCount: 0, commentCount: 0 } });
    // The identity account is gone too: its token no longer works.
    const reuse = await graphql(
      server,
      leaving.token,
      `
        {
          viewer {
            id
          }
        }
      `,
    );
    expect(reuse.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
