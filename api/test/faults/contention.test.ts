import path from 'node:path';
import { createSuiteStore, type SuiteStore } from '../support/database-snapshot';
import { createStudent, startTestServer, type Student, type TestServer } from '../support/test-server';
import { graphqlAttempt, restAttempt, type Attempt } from './support/attempts';
import { counterMismatches } from '../support/counters';

/**
 * 100 students at once, for several seconds, toggling likes on the same two posts and follows of
 * the same two students, half through REST and half through GraphQL. Afterwards every counter
 * equals the rows it counts, none was ever negative (stored or answered), and the rows are
 * exactly what each student's last answered action left. (api/test/api/counters.test.ts covers
 * comments and post deletion racing likes with 80 students.)
 */
jest.setTimeout(120_000);

const CLIENTS = 100;
const STORM_MS = 5000;
const CLIP = path.resolve(__dirname, '../../../fixtures/media/clips/color-bars.mp4');

let store: SuiteStore;
let server: TestServer | undefined;

beforeAll(async () => {
  store = await createSuiteStore('faults_contention');
  server = await startTestServer({ ...store.env, RATE_LIMITS: 'off' });
});

afterAll(async () => {
  try {
    await server?.close();
  } finally {
    await store?.drop();
  }
});

async function students(count: number): Promise<Student[]> {
  const made: Student[] = [];
  while (made.length < count) {
    const batch = Math.min(20, count - made.length);
    made.push(...(await Promise.all(Array.from({ length: batch }, () => createStudent(server!)))));
  }
  return made;
}

describe('contention on the same targets', () => {
  it(`${CLIENTS} students toggling likes and follows for ${STORM_MS / 1000} s leave every counter equal to its rows`, async () => {
    const api = server!;
    const [authorA, authorB, ...clients] = await students(CLIENTS + 2);
    const celebrities = [authorA!, authorB!];
    const posts: string[] = [];
    for (const author of celebrities) {
      const videoUrl = (await api.app.media.importFile(author.uid, 'video', CLIP)).url;
      const created = await restAttempt(api, 'post', 'POST', '/api/posts', {
        token: author.token,
        body: { firebaseUid: author.uid, videoUrl, caption: 'Hot', tags: 'campus' },
      });
      posts.push((created.body as any).post._id);
    }

    /** The state each student's last answered action left, per target. */
    const liked = new Map<string, boolean>();
    const follows = new Map<string, boolean>();
    const failures: Attempt[] = [];
    const negative: unknown[] = [];
    let answered = 0;

    const likeToggle = async (client: Student, post: string, on: boolean, viaRest: boolean) => {
      let attempt: Attempt;
      let count: number | undefined;
      if (viaRest) {
        attempt = await restAttempt(api, on ? 'like (REST)' : 'unlike (REST)', 'POST', `/api/posts/${post}/${on ? 'like' : 'unlike'}`, {
          token: client.token,
          body: { firebaseUid: client.uid },
        });
        count = (attempt.body as any)?.post?.likeCount;
      } else {
        const field = on ? 'likePost' : 'unlikePost';
        attempt = await graphqlAttempt(
          api,
          `${field} (GraphQL)`,
          client.token,
          `mutation($id: ID!) { ${field}(postId: $id) { likeCount } }`,
          { id: post },
        );
        count = (attempt.body as any)?.data?.[field]?.likeCount;
      }
      return { attempt, count };
    };

    const followToggle = async (client: Student, target: Student, on: boolean, viaRest: boolean) => {
      let attempt: Attempt;
      let count: number | undefined;
      if (viaRest) {
        attempt = await restAttempt(
          api,
          on ? 'follow (REST)' : 'unfollow (REST)',
          'PUT',
          on ? `/api/follow/${target.uid}` : `/api/follow/unfollow/${target.uid}`,
          {
            token: client.token,
            body: { currentUserId: client.uid },
          },
        );
        count = (attempt.body as any)?.followerCount ?? (attempt.body as any)?.user?.followerCount;
      } else {
        const field = on ? 'follow' : 'unfollow';
        attempt = await graphqlAttempt(
          api,
          `${field} (GraphQL)`,
          client.token,
          `mutation($id: ID!) { ${field}(userId: $id) { followerCount } }`,
          { id: target.uid },
        );
        count = (attempt.body as any)?.data?.[field]?.followerCount;
      }
      return { attempt, count };
    };

    const deadline = Date.now() + STORM_MS;
    await Promise.all(
      clients.map(async (client) => {
        while (Date.now() < deadline) {
          const on = Math.random() < 0.55;
          const viaRest = Math.random() < 0.5;
          const which = Math.floor(Math.random() * 2);
          const isLike = Math.random() < 0.5;
          const key = `${client.uid}:${which}`;
          const { attempt, count } = isLike
            ? await likeToggle(client, posts[which]!, on, viaRest)
            : await followToggle(client, celebrities[which]!, on, viaRest);
          answered++;
          if (attempt.verdict !== 'ok') failures.push(attempt);
          else (isLike ? liked : follows).set(key, on);
          if (typeof count === 'number' && count < 0) negative.push(attempt.body);
        }
      }),
    );

    expect(failures.map(({ action, status, body }) => ({ action, status, body }))).toEqual([]);
    expect(negative).toEqual([]);
    expect(answered).toBeGreaterThanOrEqual(CLIENTS * 2);

    const db = api.app.database.dataSource;
    for (const which of [0, 1]) {
      const expectedLikers = clients
        .filter((c) => liked.get(`${c.uid}:${which}`))
        .map((c) => c.uid)
        .sort();
      const likers = (await db.query('SELECT user_uid FROM likes WHERE post_id = $1', [posts[which]])).map((r: any) => r.user_uid).sort();
      expect(likers).toEqual(expectedLikers);
      const [post] = await db.query('SELECT like_count FROM posts WHERE id = $1', [posts[which]]);
      expect(post.like_count).toBe(likers.length);

      const expectedFollowers = clients
        .filter((c) => follows.get(`${c.uid}:${which}`))
        .map((c) => c.uid)
        .sort();
      const followers = (await db.query('SELECT follower_uid FROM follows WHERE followee_uid = $1', [celebrities[which]!.uid]))
        .map((r: any) => r.follower_uid)
        .sort();
      expect(followers).toEqual(expectedFollowers);
      const [user] = await db.query('SELECT follower_count FROM users WHERE firebase_uid = $1', [celebrities[which]!.uid]);
      expect(user.follower_count).toBe(followers.length);
    }
    expect(await counterMismatches(db)).toEqual([]);

    const [{ likes, follows: edges }] = await db.query(
      'SELECT (SELECT count(*)::int FROM likes) AS likes, (SELECT count(*)::int FROM follows) AS follows',
    );
    console.log(
      `Contention: ${CLIENTS} students, ${answered} likes/unlikes and follows/unfollows answered in ${STORM_MS / 1000} s (REST and GraphQL mixed), 0 failed; ${likes} likes and ${edges} follows left, every counter equal to its rows, none negative`,
    );
  });
});
