import { randomUUID } from 'node:crypto';
import { RATE_LIMITS } from '../../src/shared/rate-limit-table';
import type { Viewer } from '../../src/shared/viewer';
import { createIdentity, type TestIdentity } from '../support/identity';
import { createPost, uploadedVideo } from '../support/scenario';
import {
  createStudent,
  newClientAddress as newAddress,
  rest,
  startTestServer,
  type Student,
  type TestServer,
} from '../support/test-server';

/**
 * Abuse limits on writes (issues 7.4, 23.6 and 23.9) with the production table: a busy but human
 * session of a student, and of a moderator, never meets them; REST and GraphQL spend one budget;
 * reads are not limited (but search: test/api/search.test.ts); and new accounts are limited per address, apart from the sync limit.
 * That every write has a limit, and is refused past it with 429 and Retry-After over GraphQL,
 * REST and tus, is shown with small limits in rate-limits-every-write.test.ts.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** A request from `address`, as the trusted proxy in front of the api reports it. */
function call(
  path: string,
  options: { method?: string; token?: string; address: string; body?: unknown; headers?: Record<string, string> },
): Promise<Answer> {
  return rest(server, options.method ?? 'POST', path, {
    token: options.token,
    body: options.body,
    headers: { 'x-forwarded-for': options.address, ...options.headers },
  });
}

function graphqlCall(student: Pick<Student, 'token'>, address: string, query: string, variables: Record<string, unknown>): Promise<Answer> {
  return call('/graphql', { token: student.token, address, body: { query, variables } });
}

/** A student profile with no identity behind it: someone to moderate or appoint. */
async function someone(): Promise<string> {
  const uid = `target-${randomUUID()}`;
  const viewer: Viewer = { uid, email: `${uid}@campus.test`, name: null, picture: null, signInProvider: 'password', emailVerified: true };
  await server.app.services.users.sync(viewer, { displayName: 'Target Student', dateOfBirth: '2001-01-01' });
  return uid;
}

async function grantRole(student: Student, role: 'moderator' | 'admin'): Promise<void> {
  await server.app.database.dataSource.query('UPDATE users SET role = $2 WHERE firebase_uid = $1', [student.uid, role]);
  await server.app.announceStanding(student.uid);
}

function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** An event post of the student's on `date` (made through the service, which counts nothing). */
async function eventPostOf(student: Student, date: string): Promise<string> {
  const viewer = await server.app.verifier.verify(student.token);
  const videoUrl = await uploadedVideo(server, student);
  return (
    await server.app.services.posts.create(viewer, {
      videoUrl,
      caption: 'Film night',
      event: { date, startTime: '19:00', timeZone: 'Europe/London' },
    })
  ).id;
}

async function studentWithPost(): Promise<{ author: Student; postId: string }> {
  const author = await createStudent(server);
  const post = await createPost(server, author);
  return { author, postId: post.id };
}

function expectRefused(answer: Answer, windowSeconds: number, limit: number, message?: string): void {
  expect(answer.status).toBe(429);
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(answer.headers.get('ratelimit')).toBe(`limit=${limit}, remaining=0, reset=${retryAfter}`);
  expect(answer.headers.get('ratelimit-policy')).toBe(`${limit};w=${windowSeconds}`);
  const said = answer.body.errors ? answer.body.errors[0].message : answer.body.message;
  expect(said).toBe(message ?? `Too many requests. Please wait ${retryAfter} seconds and try again.`);
  if (answer.body.errors) expect(answer.body.errors[0].extensions.code).toBe('RATE_LIMITED');
}

it('counts the REST routes and GraphQL against the same budget', async () => {
  const { postId } = await studentWithPost();
  const student = await createStudent(server);
  const { points, seconds } = RATE_LIMITS.like.perStudent;
  for (let i = 0; i < points; i++) {
    const path = `/api/posts/${postId}/${i % 2 === 0 ? 'like' : 'unlike'}`;
    const answer =
      i % 3 === 0
        ? await call(path, { token: student.token, address: newAddress(), body: { userId: student.uid } })
        : await graphqlCall(
            student,
            newAddress(),
            `mutation($id: ID!) { ${i % 2 === 0 ? 'likePost' : 'unlikePost'}(postId: $id) { id } }`,
            { id: postId },
          );
    expect(answer.status).toBeLessThan(300);
  }
  const refused = await call(`/api/posts/${postId}/like`, { token: student.token, address: newAddress(), body: { userId: student.uid } });
  expectRefused(refused, seconds, points);
  expect(refused.body.success).toBe(false);
});

it('lets a busy student session through without ever meeting a limit', async () => {
  const address = newAddress();
  const friends = await Promise.all(Array.from({ length: 12 }, () => createStudent(server)));
  const posts = await Promise.all(friends.slice(0, 6).map((friend) => createPost(server, friend)));
  const student = await createStudent(server);
  const answers: Answer[] = [];
  const act = async (query: string, variables: Record<string, unknown>) =>
    answers.push(await graphqlCall(student, address, query, variables));

  // Signing in on a phone and a laptop, following a dozen people, liking and unliking through
  // the feed, a lively comment thread, two uploads and posts: all within a minute or two.
  for (let i = 0; i < 3; i++)
    await act('mutation($input: SyncUserInput!) { syncUser(input: $input) { id } }', { input: { displayName: student.displayName } });
  for (const friend of friends) await act('mutation($id: ID!) { follow(userId: $id) { id } }', { id: friend.uid });
  for (let round = 0; round < 5; round++) {
    for (const post of posts)
      await act(`mutation($id: ID!) { ${round % 2 ? 'unlikePost' : 'likePost'}(postId: $id) { id } }`, { id: post.id });
  }
  for (let i = 0; i < 15; i++) {
    await act('mutation($id: ID!, $text: String!) { addComment(postId: $id, text: $text) { id } }', {
      id: posts[i % posts.length]!.id,
      text: `Comment ${i}`,
    });
  }
  for (let i = 0; i < 2; i++) {
    answers.push(
      await call('/uploads', {
        token: student.token,
        address,
        headers: {
          'tus-resumable': '1.0.0',
          'upload-length': '1000',
          'upload-metadata': `kind ${Buffer.from('video').toString('base64')}`,
        },
      }),
    );
    await act('mutation($input: CreatePostInput!) { createPost(input: $input) { id } }', {
      input: { videoUrl: await uploadedVideo(server, student), caption: `Post ${i}`, tags: [] },
    });
  }

  // Then settings and the calendar in the same sitting (issue 23.9): a bio reworded a few times,
  // notification kinds flicked off, everything marked read now and then, a term's deadlines typed
  // in and a few taken out again, events added from the feed, the calendar feed's address made
  // twice, a comment and a post taken down, a troll blocked, muted and reported.
  for (let i = 0; i < 8; i++) await act('mutation($b: String!) { updateProfile(input: { bio: $b }) { id } }', { b: `Bio take ${i}` });
  for (const kind of ['likes', 'comments', 'mentions', 'follows', 'likes', 'comments'])
    await act(`mutation($on: Boolean!) { updateNotificationSettings(input: { ${kind}: $on }) { likes } }`, { on: kind === 'likes' });
  for (let i = 0; i < 3; i++) await act('mutation { markAllNotificationsRead }', {});
  for (let day = 1; day <= 25; day++)
    await act('mutation($d: LocalDate!, $n: String!) { saveCalendarEvent(date: $d, name: $n) { date } }', {
      d: dayFromNow(day),
      n: `Deadline ${day}`,
    });
  for (let day = 1; day <= 5; day++) await act('mutation($d: LocalDate!) { deleteCalendarEvent(date: $d) }', { d: dayFromNow(day) });
  for (const friend of friends.slice(6, 9)) {
    const eventPost = await eventPostOf(friend, dayFromNow(40));
    await act('mutation($p: ID!) { addEventToCalendar(postId: $p, replace: true) { outcome } }', { p: eventPost });
  }
  for (let i = 0; i < 2; i++) await act('mutation { resetCalendarFeed }', {});
  const ownComment = answers.find((answer) => answer.body.data?.addComment)!.body.data.addComment.id;
  await act('mutation($id: ID!) { deleteComment(id: $id) }', { id: ownComment });
  const ownPost = answers.find((answer) => answer.body.data?.createPost)!.body.data.createPost.id;
  await act('mutation($id: ID!) { deletePost(id: $id) }', { id: ownPost });
  const troll = friends[11]!.uid;
  await act('mutation($u: ID!) { muteUser(userId: $u) }', { u: troll });
  await act('mutation($u: ID!) { report(input: { targetType: USER, targetId: $u, reason: HARASSMENT }) { message } }', { u: troll });
  await act('mutation($u: ID!) { blockUser(userId: $u) }', { u: troll });

  expect(answers.map((answer) => answer.status).filter((status) => status >= 300)).toEqual([]);
  expect(answers.flatMap((answer) => answer.body?.errors ?? [])).toEqual([]);
  for (const answer of answers) expect(Number(/remaining=(\d+)/.exec(answer.headers.get('ratelimit') ?? '')?.[1])).toBeGreaterThan(0);
});

it('lets a moderator clear a spam wave, and an admin appoint a team, without meeting a limit', async () => {
  const address = newAddress();
  const moderator = await createStudent(server);
  const admin = await createStudent(server);
  await grantRole(moderator, 'moderator');
  await grantRole(admin, 'admin');
  const answers: Answer[] = [];
  // Sixty accounts dealt with in a row, each with a note, as fast as a person reads and clicks.
  for (let i = 0; i < 60; i++) {
    answers.push(
      await graphqlCall(
        moderator,
        address,
        'mutation($u: ID!, $n: String!) { moderate(input: { targetType: USER, targetId: $u, decision: DISMISS, note: $n }) }',
        {
          u: await someone(),
          n: `Checked ${i}`,
        },
      ),
    );
  }
  // Six moderators appointed, two stood down again.
  const team = await Promise.all(Array.from({ length: 6 }, () => someone()));
  for (const uid of team)
    answers.push(
      await graphqlCall(admin, address, 'mutation($u: ID!) { setModerator(userId: $u, moderator: true, note: "Joins") }', { u: uid }),
    );
  for (const uid of team.slice(0, 2))
    answers.push(
      await graphqlCall(admin, address, 'mutation($u: ID!) { setModerator(userId: $u, moderator: false, note: "Leaves") }', { u: uid }),
    );

  expect(answers.flatMap((answer) => answer.body?.errors ?? [])).toEqual([]);
  for (const answer of answers) expect(Number(/remaining=(\d+)/.exec(answer.headers.get('ratelimit') ?? '')?.[1])).toBeGreaterThan(0);
});

it('does not limit reads', async () => {
  const student = await createStudent(server);
  const address = newAddress();
  for (let i = 0; i < 50; i++) {
    const answer = await graphqlCall(student, address, '{ explore(first: 5) { edges { node { id } } } }', {});
    expect(answer.status).toBe(200);
    expect(answer.headers.get('ratelimit')).toBeNull();
  }
});

describe('sign-ups (issue 23.6)', () => {
  const { points, seconds } = RATE_LIMITS.signup.perAddress;
  const SYNC = 'mutation($input: SyncUserInput!) { syncUser(input: $input) { id } }';
  const signUp = (identity: TestIdentity, address: string) =>
    graphqlCall(identity, address, SYNC, { input: { displayName: 'Newly Arrived', dateOfBirth: '2003-05-06' } });
  const hasProfile = async (uid: string) =>
    (await server.app.database.dataSource.query('SELECT 1 FROM users WHERE firebase_uid = $1', [uid])).length === 1;
  const refusal = (answer: Answer) => {
    const minutes = Math.ceil(Number(answer.headers.get('retry-after')) / 60);
    return `Too many new accounts have been created from this network. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
  };

  it(`allows ${points} new accounts an hour from one address, then refuses the next in its own words and creates nothing`, async () => {
    const address = newAddress();
    // Students who have an account sign in from the same address as often as they like: those are not sign-ups.
    const regulars = await Promise.all([createStudent(server), createStudent(server)]);
    for (let round = 0; round < 3; round++) {
      for (const regular of regulars) expect((await graphqlCall(regular, address, SYNC, { input: {} })).body.errors).toBeUndefined();
    }
    const identities = await Promise.all(Array.from({ length: points + 2 }, () => createIdentity()));
    for (const identity of identities.slice(0, points)) {
      const answer = await signUp(identity, address);
      expect({ status: answer.status, errors: answer.body.errors }).toEqual({ status: 200, errors: undefined });
    }

    const [lateGraphql, lateRest] = identities.slice(points) as [TestIdentity, TestIdentity];
    const refused = await signUp(lateGraphql, address);
    expectRefused(refused, seconds, points, refusal(refused));
    expect(await hasProfile(lateGraphql.uid)).toBe(false);
    // The REST adapter's sync is the same sign-up, refused the same way in the spec's failure body.
    const refusedRest = await call('/api/users/sync', {
      token: lateRest.token,
      address,
      body: { firebaseUid: lateRest.uid, displayName: 'Newly Arrived' },
    });
    expectRefused(refusedRest, seconds, points, refusal(refusedRest));
    expect(refusedRest.body).toMatchObject({ success: false, error: 'Failed to sync with database' });
    expect(await hasProfile(lateRest.uid)).toBe(false);

    // Existing accounts still sign in from there, and the refused ones can sign up from another network.
    for (const regular of regulars) expect((await graphqlCall(regular, address, SYNC, { input: {} })).body.errors).toBeUndefined();
    expect((await signUp(lateGraphql, newAddress())).body.errors).toBeUndefined();
    expect(await hasProfile(lateGraphql.uid)).toBe(true);
  });
});
