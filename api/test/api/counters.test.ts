import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createStudent, graphql, rest, startTestServer, type Student, type TestServer } from '../support/test-server';
import { counterMismatches } from '../support/counters';

/**
 * Counters under contention: many students at once liking and unliking one post, following and
 * unfollowing one student, commenting and removing comments, posting and deleting posts, through
 * both the REST adapter and GraphQL. Afterwards every counter equals the rows it counts, none is
 * negative, and the rows are exactly what each student's last successful action left.
 */
const CLIP = path.resolve(__dirname, '../../../fixtures/media/clips/campus-testcard.mp4');
const CLIENTS = 80;
const POSTERS = 4;
const STORM_MS = 4000;
const MAX_ACTIONS_PER_CLIENT = 60;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function uploadVideo(student: Student): Promise<string> {
  return (await server.app.media.importFile(student.uid, 'video', CLIP, `clip-${randomUUID()}.mp4`)).url;
}

async function createPost(student: Student): Promise<string> {
  const response = await rest(server, 'POST', '/api/posts', {
    token: student.token,
    body: { firebaseUid: student.uid, videoUrl: await uploadVideo(student), caption: 'Busy day', tags: 'campus' },
  });
  if (response.status !== 201) throw new Error(`post failed: ${JSON.stringify(response.body)}`);
  return response.body.post._id;
}

/** Students in batches, so the identity emulator is not asked for 80 accounts at once. */
async function createStudents(count: number): Promise<Student[]> {
  const students: Student[] = [];
  while (students.length < count) {
    const batch = Math.min(20, count - students.length);
    students.push(...(await Promise.all(Array.from({ length: batch }, () => createStudent(server)))));
  }
  return students;
}

type Outcome = { status: number; ok: boolean };

/** 2xx is done; 429 (a rate limit) is refused and changes nothing; anything else fails the test. */
function outcomeOf(status: number, errors?: Array<{ extensions?: { code?: string } }>): Outcome {
  const code = errors?.[0]?.extensions?.code;
  if (code === 'RATE_LIMITED') return { status: 429, ok: false };
  if (errors?.length) return { status: 500, ok: false };
  return { status, ok: status >= 200 && status < 300 };
}

describe('counters under contention', () => {
  it(`${CLIENTS} students toggling likes, follows and comments at once leave every counter equal to its rows`, async () => {
    const [author, celebrity] = await createStudents(2);
    const clients = await createStudents(CLIENTS);
    const target = await createPost(author);

    /** What each student's last successful action left: the state the rows must show. */
    const likes = new Map<string, boolean>();
    const follows = new Map<string, boolean>();
    const commentsLeft = new Map<string, string[]>();
    const unexpected: Array<{ action: string; status: number; body: unknown }> = [];
    const negativeCounts: unknown[] = [];
    let actions = 0;
    const deadline = Date.now() + STORM_MS;

    // Each student on a device of their own: the storm is one student's budget each, not the one
    // address every test shares (a fast machine would spend that address's minute and starve the
    // tests after this one).
    const addresses = new Map(clients.map((client, index) => [client.uid, { 'x-forwarded-for': `10.77.${index >> 8}.${index & 255}` }]));
    const from = (student: Student) => addresses.get(student.uid) ?? {};

    const record = (action: string, outcome: Outcome, body: unknown) => {
      actions++;
      if (!outcome.ok && outcome.status !== 429) unexpected.push({ action, status: outcome.status, body });
      return outcome.ok;
    };

    async function like(student: Student, on: boolean, viaRest: boolean) {
      if (viaRest) {
        const response = await rest(server, 'POST', `/api/posts/${target}/${on ? 'like' : 'unlike'}`, {
          token: student.token,
          body: { firebaseUid: student.uid },
          headers: from(student),
        });
        if (response.body?.post?.likeCount < 0) negativeCounts.push(response.body.post);
        return record(on ? 'like' : 'unlike', outcomeOf(response.status), response.body);
      }
      const field = on ? 'likePost' : 'unlikePost';
      const result = await graphql(
        server,
        student.token,
        `mutation($id: ID!) { ${field}(postId: $id) { likeCount } }`,
        { id: target },
        from(student),
      );
      if (result.data?.[field]?.likeCount < 0) negativeCounts.push(result.data);
      return record(field, outcomeOf(result.status, result.errors), result);
    }

    async function follow(student: Student, on: boolean, viaRest: boolean) {
      if (viaRest) {
        const response = await rest(server, 'PUT', on ? `/api/follow/${celebrity.uid}` : `/api/follow/unfollow/${celebrity.uid}`, {
          token: student.token,
          body: { currentUserId: student.uid },
          headers: from(student),
        });
        if (response.body?.followerCount < 0) negativeCounts.push(response.body);
        return record(on ? 'follow' : 'unfollow', outcomeOf(response.status), response.body);
      }
      const field = on ? 'follow' : 'unfollow';
      const result = await graphql(
        server,
        student.token,
        `mutation($id: ID!) { ${field}(userId: $id) { followerCount } }`,
        { id: celebrity.uid },
        from(student),
      );
      if (result.data?.[field]?.followerCount < 0) negativeCounts.push(result.data);
      return record(field, outcomeOf(result.status, result.errors), result);
    }

    async function comment(student: Student) {
      const response = await rest(server, 'POST', `/api/posts/${target}/comment`, {
        token: student.token,
        body: { firebaseUid: student.uid, text: `Busy ${randomUUID().slice(0, 8)}` },
        headers: from(student),
      });
      if (record('comment', outcomeOf(response.status), response.body)) commentsLeft.get(student.uid)!.push(response.body.comment._id);
    }

    async function uncomment(student: Student) {
      const mine = commentsLeft.get(student.uid)!;
      const id = mine[mine.length - 1];
      if (!id) return;
      const result = await graphql(
        server,
        student.token,
        `
          mutation ($id: ID!) {
            deleteComment(id: $id)
          }
        `,
        { id },
        from(student),
      );
      if (record('deleteComment', outcomeOf(result.status, result.errors), result)) mine.pop();
    }

    /** Posts that their authors are deleting meanwhile: a like may race the delete (404 is then the answer). */
    const volatile: string[] = [];
    async function likeVolatile(client: Student) {
      const post = volatile[Math.floor(Math.random() * volatile.length)];
      if (!post) return;
      const response = await rest(server, 'POST', `/api/posts/${post}/like`, {
        token: client.token,
        body: { firebaseUid: client.uid },
        headers: from(client),
      });
      const gone = response.status === 404 && response.body?.message === 'Post not found';
      record('like a post being deleted', gone ? { status: 200, ok: true } : outcomeOf(response.status), response.body);
    }

    async function student(client: Student) {
      commentsLeft.set(client.uid, []);
      // At least a few actions each, however slow the machine; then until the deadline.
      for (let step = 0; step < MAX_ACTIONS_PER_CLIENT && (step < 3 || Date.now() < deadline); step++) {
        const roll = Math.random();
        const viaRest = Math.random() < 0.5;
        if (roll < 0.4) {
          const on = Math.random() < 0.5;
          if (await like(client, on, viaRest)) likes.set(client.uid, on);
        } else if (roll < 0.75) {
          const on = Math.random() < 0.5;
          if (await follow(client, on, viaRest)) follows.set(client.uid, on);
        } else if (roll < 0.8) {
          await likeVolatile(client);
        } else if (roll < 0.9) {
          await comment(client);
        } else {
          await uncomment(client);
        }
      }
    }

    /** Posts and deletes their own posts, so post_count moves too. */
    const postsLeft = new Map<string, string[]>();
    async function poster(client: Student) {
      const mine: string[] = [];
      postsLeft.set(client.uid, mine);
      for (let step = 0; step < 10 && Date.now() < deadline; step++) {
        if (mine.length && Math.random() < 0.5) {
          const response = await rest(server, 'DELETE', `/api/posts/${mine[mine.length - 1]}`, { token: client.token });
          if (record('deletePost', outcomeOf(response.status), response.body)) volatile.splice(volatile.indexOf(mine.pop()!), 1);
        } else {
          const created = await createPost(client);
          mine.push(created);
          volatile.push(created);
          actions++;
        }
      }
    }

    await Promise.all([...clients.map(student), ...clients.slice(0, POSTERS).map(poster)]);

    expect(unexpected).toEqual([]);
    expect(negativeCounts).toEqual([]);
    // Every student acted at least three times; some actions (removing a comment one does not have) change nothing and are not counted.
    expect(actions).toBeGreaterThanOrEqual(CLIENTS);

    const db = server.app.database.dataSource;
    const likers: string[] = (await db.query('SELECT user_uid FROM likes WHERE post_id = $1', [target])).map((row: any) => row.user_uid);
    expect(likers.sort()).toEqual(
      [...likes]
        .filter(([, on]) => on)
        .map(([uid]) => uid)
        .sort(),
    );
    const followers: string[] = (await db.query('SELECT follower_uid FROM follows WHERE followee_uid = $1', [celebrity.uid])).map(
      (row: any) => row.follower_uid,
    );
    expect(followers.sort()).toEqual(
      [...follows]
        .filter(([, on]) => on)
        .map(([uid]) => uid)
        .sort(),
    );
    const commentIds: string[] = (await db.query('SELECT id FROM comments WHERE post_id = $1', [target])).map((row: any) => row.id);
    expect(commentIds.sort()).toEqual([...commentsLeft.values()].flat().sort());
    for (const [uid, mine] of postsLeft) {
      const rows: string[] = (await db.query('SELECT id FROM posts WHERE author_uid = $1', [uid])).map((row: any) => row.id);
      expect(rows.sort()).toEqual([...mine].sort());
    }

    const [post] = await db.query('SELECT like_count, comment_count FROM posts WHERE id = $1', [target]);
    expect(post).toEqual({ like_count: likers.length, comment_count: commentIds.length });
    const [famous] = await db.query('SELECT follower_count FROM users WHERE firebase_uid = $1', [celebrity.uid]);
    expect(famous.follower_count).toBe(followers.length);
    expect(await counterMismatches(server.app.database.dataSource)).toEqual([]);

    // What a student sees agrees with the rows.
    const seen = await rest(server, 'GET', `/api/users/${celebrity.uid}`);
    expect(seen.body.user).toMatchObject({ followerCount: followers.length });
    expect([...seen.body.user.followers].sort()).toEqual(followers.sort());
  });
});

describe('idempotence', () => {
  it('a double like, sent twice at once, is one like; a double unlike never goes below zero', async () => {
    const [author, fan] = await createStudents(2);
    const post = await createPost(author);
    const likeOnce = () => rest(server, 'POST', `/api/posts/${post}/like`, { token: fan.token, body: { firebaseUid: fan.uid } });
    const results = await Promise.all([likeOnce(), likeOnce(), likeOnce()]);
    for (const result of results) expect(result.status).toBe(200);
    const liked = await graphql(
      server,
      fan.token,
      `
        mutation ($id: ID!) {
          likePost(postId: $id) {
            likeCount
            viewerHasLiked
          }
        }
      `,
      { id: post },
    );
    expect(liked.data.likePost).toEqual({ likeCount: 1, viewerHasLiked: true });

    const unlikeOnce = () =>
      graphql(
        server,
        fan.token,
        `
          mutation ($id: ID!) {
            unlikePost(postId: $id) {
              likeCount
            }
          }
        `,
        { id: post },
      );
    const unliked = await Promise.all([unlikeOnce(), unlikeOnce(), unlikeOnce()]);
    for (const result of unliked) {
      expect(result.errors).toBeUndefined();
      expect(result.data.unlikePost.likeCount).toBe(0);
    }
    const listed = await rest(server, 'GET', `/api/posts/user/${author.uid}`);
    expect(listed.body.posts[0]).toMatchObject({ _id: post, likes: [], likeCount: 0 });
  });

  it('a double follow, sent at once, is one follow; a double unfollow never goes below zero', async () => {
    const [follower, target] = await createStudents(2);
    const followOnce = () =>
      rest(server, 'PUT', `/api/follow/${target.uid}`, { token: follower.token, body: { currentUserId: follower.uid } });
    const followed = await Promise.all([followOnce(), followOnce(), followOnce()]);
    for (const result of followed) expect(result.status).toBe(200);
    const profile = await rest(server, 'GET', `/api/users/${target.uid}`);
    expect(profile.body.user).toMatchObject({ followerCount: 1, followers: [follower.uid] });
    const me = await rest(server, 'GET', `/api/users/${follower.uid}`);
    expect(me.body.user).toMatchObject({ followingCount: 1, following: [target.uid] });

    const unfollowOnce = () =>
      rest(server, 'PUT', `/api/follow/unfollow/${target.uid}`, { token: follower.token, body: { currentUserId: follower.uid } });
    const unfollowed = await Promise.all([unfollowOnce(), unfollowOnce(), unfollowOnce()]);
    for (const result of unfollowed) expect(result.body).toMatchObject({ success: true, followerCount: 0 });
    const after = await rest(server, 'GET', `/api/users/${follower.uid}`);
    expect(after.body.user).toMatchObject({ followingCount: 0, following: [] });
  });

  it('deleting a liked and commented post takes its likes and comments, and the counters follow', async () => {
    const [author, fan] = await createStudents(2);
    const post = await createPost(author);
    await rest(server, 'POST', `/api/posts/${post}/like`, { token: fan.token, body: { firebaseUid: fan.uid } });
    await rest(server, 'POST', `/api/posts/${post}/comment`, { token: fan.token, body: { firebaseUid: fan.uid, text: 'Bye' } });
    expect((await rest(server, 'GET', `/api/users/${author.uid}`)).body.user.postCount).toBe(1);
    const deleted = await rest(server, 'DELETE', `/api/posts/${post}`, { token: author.token });
    expect(deleted.status).toBe(200);
    expect((await rest(server, 'GET', `/api/users/${author.uid}`)).body.user.postCount).toBe(0);
    expect(await counterMismatches(server.app.database.dataSource)).toEqual([]);
  });
});
