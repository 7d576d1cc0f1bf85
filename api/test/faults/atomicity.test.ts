import path from 'node:path';
import pg from 'pg';
import { createSuiteStore, snapshotStore, type SuiteStore } from '../support/database-snapshot';
import { createStudent, graphql, startTestServer, type Student, type TestServer } from '../support/test-server';
import { graphqlAttempt, leaksInternals, restAttempt, type Attempt } from './support/attempts';
import { counterMismatches } from '../support/counters';
import { sleep } from '../support/free-port';

/**
 * Creating a post, deleting a post and deleting an account either happen whole or not at all.
 * Each is made to fail midway in two ways, on a database and media folder of this suite's own:
 * - killed: an admin connection holds a row lock the operation needs, so it stops halfway through
 *   its statement (rows already inserted or deleted, counters not yet moved); then its backend is
 *   terminated, as a crash of that connection would;
 * - failed: a test-only trigger raises an error on a later step.
 * Afterwards every table (row counts and checksums) and the media folder are exactly as before,
 * the student is told it failed (503 for the kill, a plain error for the fault, never internals),
 * and the same operation succeeds once the obstacle is gone.
 */
jest.setTimeout(120_000);

const CLIP = path.resolve(__dirname, '../../../fixtures/media/clips/colour-sweep.mp4');
const AVATAR = path.resolve(__dirname, '../../../fixtures/media/avatars/student-01.png');

let store: SuiteStore;
let server: TestServer | undefined;
let admin: pg.Client;
let monitor: pg.Client;

beforeAll(async () => {
  store = await createSuiteStore('faults_atomicity');
  server = await startTestServer({ ...store.env, RATE_LIMITS: 'off' });
  admin = new pg.Client({ connectionString: store.env.DATABASE_URL });
  monitor = new pg.Client({ connectionString: store.env.DATABASE_URL });
  await Promise.all([admin.connect(), monitor.connect()]);
});

afterAll(async () => {
  try {
    await Promise.all([admin?.end(), monitor?.end()]);
    await server?.close();
  } finally {
    await store?.drop();
  }
});

const snapshot = () => snapshotStore(server!.app.database.dataSource, store.env.MEDIA_DIR);

async function upload(student: Student): Promise<string> {
  return (await server!.app.media.importFile(student.uid, 'video', CLIP, `clip-${Date.now()}.mp4`)).url;
}

async function act(student: Student, query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const result = await graphql(server!, student.token, query, variables);
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

/**
 * Runs `operation` while an admin transaction holds `lockSql`'s row lock; once the operation's
 * backend is seen waiting for it, terminates that backend, then lets go of the lock.
 */
async function killMidway(lockSql: string, params: unknown[], operation: () => Promise<Attempt>): Promise<Attempt> {
  await admin.query('BEGIN');
  let pending: Promise<Attempt> | undefined;
  try {
    const locked = await admin.query(lockSql, params);
    expect(locked.rowCount).toBe(1);
    pending = operation();
    const pid = await blockedBackend();
    await monitor.query('SELECT pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.query('ROLLBACK');
  }
  return pending;
}

/** The backend of this suite's database that is waiting for a lock (the operation under test). */
async function blockedBackend(): Promise<number> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const { rows } = await monitor.query(
      `SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
    );
    if (rows.length === 1) return rows[0].pid;
    expect(rows.length).toBe(0);
    await sleep(10);
  }
  throw new Error('the operation never waited for the lock');
}

/** Runs `operation` with a test-only trigger in place that raises on `event`. */
async function withFailingTrigger(table: string, timing: string, operation: () => Promise<Attempt>): Promise<Attempt> {
  await admin.query(`CREATE FUNCTION test_fault() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'test fault injected on %', TG_TABLE_NAME; END $$`);
  // "zz_" sorts after the counter triggers, so those have already run when this one raises.
  await admin.query(`CREATE TRIGGER zz_test_fault ${timing} ON ${table} FOR EACH ROW EXECUTE FUNCTION test_fault()`);
  try {
    return await operation();
  } finally {
    await admin.query(`DROP TRIGGER zz_test_fault ON ${table}`);
    await admin.query('DROP FUNCTION test_fault()');
  }
}

/**
 * Killed: the 503 "temporarily unavailable" answer, for that request only: the connection it was
 * cut off on is not handed to the next one.
 */
async function expectUnavailable(attempt: Attempt, student: Student) {
  expect({ verdict: attempt.verdict, leaks: leaksInternals(attempt) }).toEqual({ verdict: 'unavailable', leaks: false });
  // Straight away, as the api's next request would, before the dead socket has been noticed.
  await expect(
    server!.app.database.dataSource.query('SELECT firebase_uid FROM users WHERE firebase_uid = $1', [student.uid]),
  ).resolves.toHaveLength(1);
}

/** Failed on a database error it cannot explain: a plain failure, nothing of the error itself. */
function expectPlainFailure(attempt: Attempt) {
  expect(attempt.verdict).toBe('other');
  expect(leaksInternals(attempt)).toBe(false);
  expect(JSON.stringify(attempt.body)).not.toMatch(/test fault|trigger|P0001/i);
  const body = attempt.body as any;
  if (attempt.action.endsWith('(REST)')) expect({ status: attempt.status, success: body.success }).toEqual({ status: 500, success: false });
  else
    expect(body.errors).toEqual([
      expect.objectContaining({ message: 'Something went wrong. Please try again.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }),
    ]);
}

/** A student with two posts that others liked and commented on, follows both ways, a calendar day and a photo. */
async function busyStudent(): Promise<{ owner: Student; fans: Student[]; posts: string[] }> {
  const owner = await createStudent(server!);
  const fans = [await createStudent(server!), await createStudent(server!)];
  const photo = (await server!.app.media.importFile(owner.uid, 'image', AVATAR)).url;
  await act(owner, `mutation($p: String!) { updateProfile(input: { photoURL: $p }) { id } }`, { p: photo });
  await act(owner, `mutation { saveCalendarEvent(date: "2030-05-04", name: "Exam") { date } }`);
  const posts: string[] = [];
  for (const caption of ['First', 'Second']) {
    const videoUrl = await upload(owner);
    posts.push(
      (
        await act(owner, `mutation($v: String!, $c: String!) { createPost(input: { videoUrl: $v, caption: $c }) { id } }`, {
          v: videoUrl,
          c: caption,
        })
      ).createPost.id,
    );
  }
  for (const fan of fans) {
    await act(fan, `mutation($id: ID!) { follow(userId: $id) { id } }`, { id: owner.uid });
    await act(owner, `mutation($id: ID!) { follow(userId: $id) { id } }`, { id: fan.uid });
    for (const post of posts) {
      await act(fan, `mutation($id: ID!) { likePost(postId: $id) { id } }`, { id: post });
      await act(fan, `mutation($id: ID!) { addComment(postId: $id, text: "Nice one") { id } }`, { id: post });
    }
  }
  await act(owner, `mutation($id: ID!) { addComment(postId: $id, text: "Thanks!") { id } }`, { id: posts[0] });
  await act(owner, `mutation($id: ID!) { likePost(postId: $id) { id } }`, { id: posts[1] });
  return { owner, fans, posts };
}

const createPostRest = (student: Student, videoUrl: string) => () =>
  restAttempt(server!, 'create a post (REST)', 'POST', '/api/posts', {
    token: student.token,
    body: { firebaseUid: student.uid, videoUrl, caption: 'Midway', tags: 'campus' },
  });
const createPostGraphQL = (student: Student, videoUrl: string) => () =>
  graphqlAttempt(
    server!,
    'create a post (GraphQL)',
    student.token,
    `mutation($v: String!) { createPost(input: { videoUrl: $v, caption: "Midway" }) { id } }`,
    {
      v: videoUrl,
    },
  );
const deletePostGraphQL = (student: Student, id: string) => () =>
  graphqlAttempt(server!, 'delete a post (GraphQL)', student.token, `mutation($id: ID!) { deletePost(id: $id) }`, { id });
const deletePostRest = (student: Student, id: string) => () =>
  restAttempt(server!, 'delete a post (REST)', 'DELETE', `/api/posts/${id}`, { token: student.token });
const deleteAccount = (student: Student) => () =>
  graphqlAttempt(server!, 'delete the account (GraphQL)', student.token, `mutation { deleteAccount }`);

describe('creating a post is atomic', () => {
  it('killed after the row is inserted but before the author’s count moves: no post, the upload still free', async () => {
    const { owner } = await busyStudent();
    const videoUrl = await upload(owner);
    const before = await snapshot();
    // The post_count trigger updates the author's row: a lock on it stops the INSERT after the row is in.
    const answer = await killMidway(
      'SELECT 1 FROM users WHERE firebase_uid = $1 FOR NO KEY UPDATE',
      [owner.uid],
      createPostGraphQL(owner, videoUrl),
    );
    await expectUnavailable(answer, owner);
    expect(await snapshot()).toEqual(before);
    expect(await createPostGraphQL(owner, videoUrl)()).toMatchObject({ verdict: 'ok' });
  });

  it('failing on a later step (after the upload was claimed and the count moved): no post, the upload still free', async () => {
    const { owner } = await busyStudent();
    const videoUrl = await upload(owner);
    const before = await snapshot();
    const answer = await withFailingTrigger('posts', 'AFTER INSERT', createPostRest(owner, videoUrl));
    expectPlainFailure(answer);
    expect(await snapshot()).toEqual(before);
    expect(await createPostRest(owner, videoUrl)()).toMatchObject({ verdict: 'ok', status: 201 });
    expect(await counterMismatches(server!.app.database.dataSource)).toEqual([]);
  });
});

describe('deleting a post is atomic', () => {
  it('killed after its likes and comments are gone but before the author’s count moves: post, likes, comments and files all stay', async () => {
    const { owner, posts } = await busyStudent();
    const before = await snapshot();
    const answer = await killMidway(
      'SELECT 1 FROM users WHERE firebase_uid = $1 FOR NO KEY UPDATE',
      [owner.uid],
      deletePostGraphQL(owner, posts[0]!),
    );
    await expectUnavailable(answer, owner);
    expect(await snapshot()).toEqual(before);
    expect(await deletePostGraphQL(owner, posts[0]!)()).toMatchObject({ verdict: 'ok' });
  });

  it('failing while its comments are removed: post, likes, comments and files all stay', async () => {
    const { owner, posts } = await busyStudent();
    const before = await snapshot();
    const answer = await withFailingTrigger('comments', 'BEFORE DELETE', deletePostRest(owner, posts[1]!));
    expectPlainFailure(answer);
    expect(await snapshot()).toEqual(before);
    expect(await deletePostRest(owner, posts[1]!)()).toMatchObject({ verdict: 'ok' });
  });
});

describe('deleting an account is atomic', () => {
  it('failing while comments are removed: every row and file stays and the student can still sign in and act', async () => {
    const { owner, posts } = await busyStudent();
    const before = await snapshot();
    const answer = await withFailingTrigger('comments', 'BEFORE DELETE', deleteAccount(owner));
    expectPlainFailure(answer);
    expect(await snapshot()).toEqual(before);

    // The sign-in account was not deleted either: a fresh sign-in works and sees the same profile.
    const token = await owner.refresh();
    const me = await graphql(
      server!,
      token,
      `
        {
          viewer {
            id
            postCount
            followerCount
          }
        }
      `,
    );
    expect(me.data.viewer).toEqual({ id: owner.uid, postCount: posts.length, followerCount: 2 });
  });

  it('killed halfway through its cascade (one follow counter locked): every row and file stays', async () => {
    const { owner, fans } = await busyStudent();
    const before = await snapshot();
    // The owner follows this fan: deleting that follow moves the fan's follower_count, which waits for the lock.
    const answer = await killMidway('SELECT 1 FROM users WHERE firebase_uid = $1 FOR NO KEY UPDATE', [fans[0]!.uid], deleteAccount(owner));
    await expectUnavailable(answer, owner);
    expect(await snapshot()).toEqual(before);

    // Unobstructed, the same deletion goes through, and counters everywhere agree with their rows.
    expect(await deleteAccount(owner)()).toMatchObject({ verdict: 'ok' });
    const left = await server!.app.database.dataSource.query('SELECT count(*)::int AS n FROM users WHERE firebase_uid = $1', [owner.uid]);
    expect(left[0].n).toBe(0);
    expect(await counterMismatches(server!.app.database.dataSource)).toEqual([]);
  });
});

describe("a moderator's decision is atomic (issue 24, item 3)", () => {
  /** A busy student's post reported by a fan, and a moderator to decide on it. */
  async function reportedPost() {
    const { owner, fans, posts } = await busyStudent();
    const moderator = await createStudent(server!);
    await server!.app.database.dataSource.query(`UPDATE users SET role = 'moderator' WHERE firebase_uid = $1`, [moderator.uid]);
    await server!.app.announceStanding(moderator.uid);
    await act(fans[0]!, `mutation($id: ID!) { report(input: { targetType: POST, targetId: $id, reason: SPAM }) { message } }`, {
      id: posts[0],
    });
    return { owner, moderator, postId: posts[0]! };
  }
  const decide =
    (moderator: Student, postId: string, decision: string, extra = '') =>
    () =>
      graphqlAttempt(
        server!,
        `${decision.toLowerCase()} a post (GraphQL)`,
        moderator.token,
        `mutation($id: ID!) { moderate(input: { targetType: POST, targetId: $id, decision: ${decision}, note: "Spam"${extra} }) }`,
        { id: postId },
      );

  it('removing a post, failing on its last write (the audit log): the post, its files, the report and the author’s notices all stay', async () => {
    const { moderator, postId } = await reportedPost();
    const before = await snapshot();
    const answer = await withFailingTrigger('moderation_actions', 'AFTER INSERT', decide(moderator, postId, 'REMOVE'));
    expectPlainFailure(answer);
    expect(await snapshot()).toEqual(before);
    // Unobstructed, the same decision goes through whole.
    expect(await decide(moderator, postId, 'REMOVE')()).toMatchObject({ verdict: 'ok' });
    const db = server!.app.database.dataSource;
    expect(await db.query('SELECT id FROM posts WHERE id = $1', [postId])).toEqual([]);
    expect(await db.query(`SELECT action FROM moderation_actions WHERE target_id = $1`, [postId])).toEqual([{ action: 'remove' }]);
    expect(await counterMismatches(db)).toEqual([]);
  });

  it('suspending the author, failing on the audit log: no suspension, no notice, the report still open', async () => {
    const { owner, moderator, postId } = await reportedPost();
    const before = await snapshot();
    const answer = await withFailingTrigger('moderation_actions', 'AFTER INSERT', decide(moderator, postId, 'SUSPEND', ', days: 3'));
    expectPlainFailure(answer);
    expect(await snapshot()).toEqual(before);
    // The author was never suspended, so they still act.
    const comment = await graphql(
      server!,
      owner.token,
      `
        mutation ($id: ID!) {
          addComment(postId: $id, text: "Still here") {
            id
          }
        }
      `,
      {
        id: postId,
      },
    );
    expect(comment.errors).toBeUndefined();
  });
});
