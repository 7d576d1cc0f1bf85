import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createStudent, startTestServer, type TestServer } from '../support/test-server';
import { HANG_BOUND_MS, graphqlAttempt, leaksInternals, restAttempt, type Attempt } from './support/attempts';
import { counterMismatches } from '../support/counters';
import { sleep } from '../support/free-port';
import { createPrivatePostgres, type PrivatePostgres } from './support/private-postgres';

/**
 * PostgreSQL stops while students use the app (pg_ctlcluster stop on a cluster of the test's
 * own), and starts again. While it is down every request fails quickly with the 503-style
 * "temporarily unavailable" answer (never a hang, never a 500 or a stack), /readyz names the
 * database; once it is back the same api process serves again by itself, and nothing written
 * around the outage is half there.
 */
jest.setTimeout(120_000);

const CLIP = path.resolve(__dirname, '../../../fixtures/media/clips/color-bars.mp4');
const TICK_MS = 40;

let postgres: PrivatePostgres;
let server: TestServer | undefined;
let mediaDir: string;

beforeAll(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-faults-pg-media-'));
  postgres = await createPrivatePostgres('outage');
  await postgres.createDatabase('campus');
  // Unexpected errors (a 500 where a 503 was due) are logged, so a failure shows which error it was.
  server = await startTestServer({
    DATABASE_URL: postgres.url('campus'),
    REDIS_URL: undefined,
    RATE_LIMITS: 'off',
    MEDIA_DIR: mediaDir,
    LOG_LEVEL: 'error',
  });
});

afterAll(async () => {
  try {
    await server?.close();
  } finally {
    await postgres?.drop();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  }
});

async function readiness(): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server!.url}/readyz`, { signal: AbortSignal.timeout(HANG_BOUND_MS) });
  return { status: response.status, body: await response.json() };
}

describe('PostgreSQL stops during traffic', () => {
  it('answers 503 quickly while it is down, recovers by itself when it returns, and leaves nothing half written', async () => {
    const api = server!;
    const author = await createStudent(api);
    const fan = await createStudent(api);
    const post = await api.app.services.posts.create(
      { uid: author.uid, email: null, name: null, picture: null, signInProvider: null, emailVerified: true },
      { videoUrl: (await api.app.media.importFile(author.uid, 'video', CLIP)).url, caption: 'Before the outage', tags: ['campus'] },
    );
    // Finished uploads waiting to become posts during the traffic.
    const uploads: string[] = [];
    for (let i = 0; i < 12; i++) uploads.push((await api.app.media.importFile(author.uid, 'video', CLIP, `clip-${i}.mp4`)).url);

    const attempts: Attempt[] = [];
    /** What each write was: a comment's text, a post's upload. */
    const comments = new Map<Attempt, string>();
    const postsTried = new Map<Attempt, string>();
    let serial = 0;
    let liked = false;
    let following = false;

    const actions: Array<() => Promise<Attempt | null>> = [
      () =>
        graphqlAttempt(api, 'read a post (GraphQL)', fan.token, `query($id: ID!) { post(id: $id) { id likeCount commentCount } }`, {
          id: post.id,
        }),
      () => restAttempt(api, 'read a profile (REST)', 'GET', `/api/users/${author.uid}`),
      async () => {
        const text = `GraphQL comment ${++serial}`;
        const done = await graphqlAttempt(
          api,
          'comment (GraphQL)',
          fan.token,
          `mutation($id: ID!, $text: String!) { addComment(postId: $id, text: $text) { id } }`,
          { id: post.id, text },
        );
        comments.set(done, text);
        return done;
      },
      async () => {
        const text = `REST comment ${++serial}`;
        const done = await restAttempt(api, 'comment (REST)', 'POST', `/api/posts/${post.id}/comment`, {
          token: fan.token,
          body: { firebaseUid: fan.uid, text },
        });
        comments.set(done, text);
        return done;
      },
      async () => {
        liked = !liked;
        const field = liked ? 'likePost' : 'unlikePost';
        return graphqlAttempt(api, 'like or unlike (GraphQL)', fan.token, `mutation($id: ID!) { ${field}(postId: $id) { likeCount } }`, {
          id: post.id,
        });
      },
      async () => {
        following = !following;
        return restAttempt(
          api,
          'follow or unfollow (REST)',
          'PUT',
          following ? `/api/follow/${author.uid}` : `/api/follow/unfollow/${author.uid}`,
          {
            token: fan.token,
            body: { currentUserId: fan.uid },
          },
        );
      },
      () => restAttempt(api, 'home feed (REST)', 'GET', `/api/posts/following/${fan.uid}`, { token: fan.token }),
      async () => {
        const videoUrl = uploads.shift();
        if (!videoUrl) return null;
        const done = await restAttempt(api, 'create a post (REST)', 'POST', '/api/posts', {
          token: author.token,
          body: { firebaseUid: author.uid, videoUrl, caption: 'During the outage', tags: 'campus' },
        });
        postsTried.set(done, videoUrl);
        return done;
      },
    ];

    // A steady trickle: one request every TICK_MS whatever the others are doing, so a hung
    // request cannot slow the traffic down and hide itself.
    let running = true;
    const inFlight: Array<Promise<void>> = [];
    const trickle = (async () => {
      for (let tick = 0; running; tick++) {
        const action = actions[tick % actions.length]!;
        inFlight.push(action().then((done) => void (done && attempts.push(done))));
        await sleep(TICK_MS);
      }
    })();

    await sleep(1000);
    const stopIssued = Date.now();
    await postgres.stop();
    const stopped = Date.now();
    await sleep(2500);
    const down = await readiness();
    const downUntil = Date.now();

    const startIssued = Date.now();
    let acceptedAt = 0;
    let recoveredAt = 0;
    let probe = 0;
    const starting = postgres.start();
    // Two probes side by side: when PostgreSQL takes a new connection, and when the api first answers.
    await Promise.all([
      (async () => {
        while (!(await postgres.acceptsQueries())) await sleep(10);
        acceptedAt = Date.now();
      })(),
      (async () => {
        for (;;) {
          const answer = await restAttempt(api, 'recovery probe', 'GET', `/api/users/${author.uid}`);
          probe++;
          if (answer.verdict === 'ok') {
            recoveredAt = answer.ended;
            return;
          }
          expect(answer.verdict).toBe('unavailable');
          await sleep(10);
        }
      })(),
    ]);
    await starting;
    const back = Date.now();
    await sleep(1500);
    running = false;
    await trickle;
    await Promise.all(inFlight);
    const ready = await readiness();

    const recoveryMs = recoveredAt - acceptedAt;
    const during = attempts.filter((a) => a.started >= stopped && a.ended <= downUntil);
    const afterwards = attempts.filter((a) => a.started >= recoveredAt);
    const slowestDuring = Math.max(...during.map((a) => a.ended - a.started));
    console.log(
      [
        `PostgreSQL outage: ${attempts.length} requests in all, ${during.length} while it was down`,
        `  stop took ${stopped - stopIssued} ms; start took ${back - startIssued} ms`,
        `  while down: slowest answer ${slowestDuring} ms; verdicts ${JSON.stringify(countBy(during, (a) => a.verdict))}`,
        `  PostgreSQL accepting connections ${acceptedAt - startIssued} ms after pg_ctlcluster start was issued`,
        `  first successful api request ${recoveredAt - startIssued} ms after start was issued: recovery ${recoveryMs} ms after PostgreSQL accepted connections (${probe} probes)`,
      ].join('\n'),
    );

    // Traffic ran before, during and after.
    expect(attempts.filter((a) => a.ended < stopIssued).every((a) => a.verdict === 'ok')).toBe(true);
    expect(during.length).toBeGreaterThanOrEqual(20);
    expect(afterwards.length).toBeGreaterThanOrEqual(10);

    // Down: every request is answered, quickly, with the clear 503-style error and nothing internal.
    expect(during.filter((a) => a.verdict !== 'unavailable').map(({ action, status, body }) => ({ action, status, body }))).toEqual([]);
    expect(new Set(during.map((a) => a.action)).size).toBe(actions.length);
    expect(attempts.filter((a) => a.verdict === 'hung' || a.status === 500 || leaksInternals(a))).toEqual([]);
    expect(slowestDuring).toBeLessThan(HANG_BOUND_MS);
    expect(down).toEqual({ status: 503, body: { status: 'unavailable', database: 'unreachable' } });

    // Back: the same process serves again, every request succeeds, and /readyz says so.
    expect(afterwards.filter((a) => a.verdict !== 'ok').map(({ action, status, body }) => ({ action, status, body }))).toEqual([]);
    expect(ready).toEqual({ status: 200, body: { status: 'ready', database: 'ok' } });

    // Nothing half written: counters agree with their rows; every write the client was told
    // succeeded is there; a post that failed left its upload free to post again.
    const db = api.app.database.dataSource;
    expect(await counterMismatches(db)).toEqual([]);
    const storedComments: string[] = (await db.query('SELECT text FROM comments WHERE post_id = $1', [post.id])).map(
      (row: any) => row.text,
    );
    const told = [...comments].filter(([a]) => a.verdict === 'ok').map(([, text]) => text);
    expect(storedComments.filter((text) => told.includes(text)).sort()).toEqual([...told].sort());
    expect(new Set(storedComments).size).toBe(storedComments.length);

    const stored = await db.query(
      `SELECT p.video_url, p.status, u.original_path, (SELECT count(*) FROM pgboss.job j WHERE j.data->>'postId' = p.id::text) AS jobs
         FROM posts p JOIN uploads u ON u.id = p.upload_id WHERE p.author_uid = $1`,
      [author.uid],
    );
    const storedVideos = stored.map((row: any) => row.video_url);
    for (const [a, videoUrl] of postsTried) if (a.verdict === 'ok') expect(storedVideos).toContain(videoUrl);
    for (const row of stored) {
      // Every stored post has its video's bytes; one still processing has its transcoding job (queued in
      // the same transaction as the post; a finished one's job is done).
      expect(fs.existsSync(path.join(mediaDir, row.original_path))).toBe(true);
      expect({ status: row.status, jobs: row.status === 'processing' ? row.jobs : 'finished' }).toEqual({
        status: row.status,
        jobs: row.status === 'processing' ? 1 : 'finished',
      });
    }
    const refused = [...postsTried].filter(([a, videoUrl]) => a.verdict === 'unavailable' && !storedVideos.includes(videoUrl));
    expect(refused.length).toBeGreaterThan(0);
    for (const [, videoUrl] of refused) {
      const again = await restAttempt(api, 'post again', 'POST', '/api/posts', {
        token: author.token,
        body: { firebaseUid: author.uid, videoUrl, caption: 'After the outage', tags: 'campus' },
      });
      expect(again).toMatchObject({ verdict: 'ok', status: 201 });
    }
    const [user] = await db.query('SELECT post_count FROM users WHERE firebase_uid = $1', [author.uid]);
    expect(user.post_count).toBe(stored.length + refused.length);
    expect(await counterMismatches(db)).toEqual([]);
  });
});

function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}
