import { randomInt } from 'node:crypto';
import { RATE_LIMITS, type LimitedAction } from '../../src/shared/rate-limit-table';
import { createPost, uploadedVideo } from '../support/scenario';
import { createStudent, rest, startTestServer, type Student, type TestServer } from '../support/test-server';

/**
 * Abuse limits on writes (issue 7.4): each limit per student and per network address, the 429
 * answer with RateLimit/Retry-After headers and a message people can read, over GraphQL, REST
 * and tus alike, and a busy but human session that never meets them.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** A fresh client address per caller, as a proxy reports it, so tests do not share a budget. */
function newAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

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

function graphqlCall(student: Student, address: string, query: string, variables: Record<string, unknown>): Promise<Answer> {
  return call('/graphql', { token: student.token, address, body: { query, variables } });
}

/** One use of each limited action through GraphQL (uploads go through tus). */
type Attempt = (student: Student, address: string) => Promise<Answer>;

async function studentWithPost(): Promise<{ author: Student; postId: string }> {
  const author = await createStudent(server);
  const post = await createPost(server, author);
  return { author, postId: post.id };
}

async function attemptsFor(action: LimitedAction): Promise<Attempt> {
  switch (action) {
    case 'sync':
      return (student, address) =>
        graphqlCall(student, address, 'mutation($input: SyncUserInput!) { syncUser(input: $input) { id } }', {
          input: { displayName: student.displayName },
        });
    case 'comment': {
      const { postId } = await studentWithPost();
      return (student, address) =>
        graphqlCall(student, address, 'mutation($id: ID!) { addComment(postId: $id, text: "Nice one") { id } }', { id: postId });
    }
    case 'like': {
      const { postId } = await studentWithPost();
      let liked = false;
      return (student, address) => {
        liked = !liked;
        return graphqlCall(student, address, `mutation($id: ID!) { ${liked ? 'likePost' : 'unlikePost'}(postId: $id) { id } }`, {
          id: postId,
        });
      };
    }
    case 'follow': {
      const target = await createStudent(server);
      let following = false;
      return (student, address) => {
        following = !following;
        return graphqlCall(student, address, `mutation($id: ID!) { ${following ? 'follow' : 'unfollow'}(userId: $id) { id } }`, {
          id: target.uid,
        });
      };
    }
    case 'post':
      return async (student, address) => {
        const videoUrl = await uploadedVideo(server, student);
        return graphqlCall(student, address, 'mutation($input: CreatePostInput!) { createPost(input: $input) { id } }', {
          input: { videoUrl, caption: 'Limits', tags: [] },
        });
      };
    case 'report': {
      // An account (reporting a post would hide it after a few reporters, and then refuse them).
      const target = await createStudent(server);
      return (student, address) =>
        graphqlCall(student, address, 'mutation($input: ReportInput!) { report(input: $input) { message } }', {
          input: { targetType: 'USER', targetId: target.uid, reason: 'SPAM' },
        });
    }
    case 'upload':
      return (student, address) =>
        call('/uploads', {
          token: student.token,
          address,
          headers: {
            'tus-resumable': '1.0.0',
            'upload-length': '1000',
            'upload-metadata': `kind ${Buffer.from('video').toString('base64')}`,
          },
        });
  }
}

function expectRefused(answer: Answer, windowSeconds: number, limit: number): void {
  expect(answer.status).toBe(429);
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(answer.headers.get('ratelimit')).toBe(`limit=${limit}, remaining=0, reset=${retryAfter}`);
  expect(answer.headers.get('ratelimit-policy')).toBe(`${limit};w=${windowSeconds}`);
  const message = typeof answer.body === 'string' ? answer.body : (answer.body.errors?.[0]?.message ?? answer.body.message);
  expect(message).toBe(`Too many requests. Please wait ${retryAfter} seconds and try again.`);
  if (typeof answer.body === 'object' && answer.body.errors) expect(answer.body.errors[0].extensions.code).toBe('RATE_LIMITED');
}

const ACTIONS = Object.keys(RATE_LIMITS) as LimitedAction[];

describe.each(ACTIONS)('%s', (action) => {
  const { perStudent, perAddress } = RATE_LIMITS[action];

  it(`allows ${perStudent.points} per student per ${perStudent.seconds} s, then answers 429 without doing it`, async () => {
    const attempt = await attemptsFor(action);
    const student = await createStudent(server);
    const used = action === 'sync' ? 1 : 0; // createStudent signed the student in once
    for (let i = 1 + used; i <= perStudent.points; i++) {
      // Every try from a different address: only the student's own budget is spent.
      const answer = await attempt(student, newAddress());
      expect(answer.status).toBeLessThan(300);
      expect(answer.headers.get('ratelimit')).toMatch(
        new RegExp(`^limit=${perStudent.points}, remaining=${perStudent.points - i}, reset=\\d+$`),
      );
    }
    // (A post attempt imports its video first; only the refused write itself must change nothing.)
    const counts = await rowCounts(action === 'upload');
    expectRefused(await attempt(student, newAddress()), perStudent.seconds, perStudent.points);
    expect(await rowCounts(action === 'upload')).toEqual(counts);

    // Someone else is not held back by it.
    const other = await createStudent(server);
    expect((await attempt(other, newAddress())).status).toBeLessThan(300);
  });

  it(`allows ${perAddress.points} per address per ${perAddress.seconds} s across students`, async () => {
    const attempt = await attemptsFor(action);
    const address = newAddress();
    // Spend the address's budget but one (as many accounts behind one address would), then the
    // last allowed try and the refused one go through HTTP.
    for (let i = 0; i < perAddress.points - 1; i++) await server.app.limits.consume(action, { address });
    const student = await createStudent(server);
    expect((await attempt(student, address)).status).toBeLessThan(300);
    expectRefused(await attempt(student, address), perAddress.seconds, perAddress.points);
    // The same student from another address still may.
    expect((await attempt(student, newAddress())).status).toBeLessThan(300);
  });
});

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

  expect(answers.map((answer) => answer.status).filter((status) => status >= 300)).toEqual([]);
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

async function rowCounts(withUploads: boolean): Promise<Record<string, number>> {
  const [row] = await server.app.database.dataSource.query(
    `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM posts)::int AS posts,
            (SELECT count(*) FROM likes)::int AS likes, (SELECT count(*) FROM comments)::int AS comments,
            (SELECT count(*) FROM follows)::int AS follows ${withUploads ? ', (SELECT count(*) FROM uploads)::int AS uploads' : ''}`,
  );
  return row;
}
