import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { RATE_LIMITS } from '../../src/shared/rate-limit-table';
import { buildApiEntryPoint, startApiProcess, type ApiProcess } from '../support/api-process';
import { createSuiteStore, type SuiteStore } from '../support/database-snapshot';
import { createIdentity, type TestIdentity } from '../support/identity';
import { uploadFile } from '../media/support/tus-requests';
import { newClientAddress } from '../support/test-server';

/**
 * Two api processes on different ports sharing the run's PostgreSQL, the machine's Redis and one
 * media folder, as docker-compose runs them behind nginx: whichever instance answers, a student
 * sees the same app.
 */
const CLIP = path.resolve(__dirname, '../../../fixtures/media/clips/colour-sweep.mp4');

jest.setTimeout(180_000);

let one: ApiProcess;
let two: ApiProcess;
let mediaDir: string;
let store: SuiteStore;

beforeAll(async () => {
  // A database of its own: its job queue then holds only this file's transcodes.
  store = await createSuiteStore('two_instances');
  mediaDir = store.env.MEDIA_DIR;
  const entryPoint = buildApiEntryPoint();
  // Each instance also runs a transcoding worker (the default): whichever takes a job, both serve the result.
  const env = { ...store.env, REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', JOB_POLL_SECONDS: '1' };
  [one, two] = await Promise.all([startApiProcess(entryPoint, env), startApiProcess(entryPoint, env)]);
});

afterAll(async () => {
  await Promise.all([one?.kill(), two?.kill()]);
  await store?.drop();
});

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

async function gql(
  instance: ApiProcess,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
  address?: string,
): Promise<Answer> {
  const response = await fetch(`${instance.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(address && { 'x-forwarded-for': address }) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

async function student(instance: ApiProcess, name: string): Promise<TestIdentity> {
  const identity = await createIdentity();
  const synced = await gql(
    instance,
    identity.token,
    'mutation($name: String!) { syncUser(input: { displayName: $name, dateOfBirth: "2001-04-05" }) { id } }',
    { name },
    // Its own address: the sign-up counters live in the shared Redis, across runs.
    newClientAddress(),
  );
  expect(synced.body.errors).toBeUndefined();
  return identity;
}

/** Uploads the clip through `instance`, posts it, and waits until a worker has made it ready (others see only ready posts). */
async function postWithClip(instance: ApiProcess, author: TestIdentity): Promise<{ id: string; videoUrl: string; uploadUrl: string }> {
  const { last } = await uploadFile(instance.url, `Bearer ${author.token}`, fs.readFileSync(CLIP), {
    kind: 'video',
    filename: 'sweep.mp4',
    filetype: 'video/mp4',
  });
  expect(last.status).toBe(204);
  const uploadUrl = last.headers.get('x-media-url')!;
  const created = await gql(
    instance,
    author.token,
    'mutation($v: String!) { createPost(input: { videoUrl: $v, caption: "Two instances" }) { id status } }',
    {
      v: uploadUrl,
    },
  );
  expect(created.body.errors).toBeUndefined();
  const { id } = created.body.data.createPost;
  const deadline = Date.now() + 150_000;
  for (;;) {
    const seen = await gql(instance, author.token, 'query($id: ID!) { post(id: $id) { status videoUrl } }', { id });
    const post = seen.body.data?.post;
    if (post?.status === 'READY') return { id, videoUrl: post.videoUrl, uploadUrl };
    if (post?.status !== 'PROCESSING' || Date.now() > deadline)
      throw new Error(`post ${id} did not become ready: ${JSON.stringify(seen.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test('a clip uploaded through one instance plays through the other', async () => {
  const author = await student(one, 'Uploader One');
  const post = await postWithClip(one, author);

  const seen = await gql(two, author.token, 'query($id: ID!) { post(id: $id) { videoUrl } }', { id: post.id });
  expect(seen.body.data.post.videoUrl).toBe(post.videoUrl);
  const mediaPath = new URL(post.videoUrl, two.url).pathname;

  const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  // The upload arrived intact: its original, in the shared folder, is the clip byte for byte;
  // neither instance serves it, at the upload's URL or anywhere else.
  const originalName = post.uploadUrl.slice('/media/videos/'.length);
  expect(sha(fs.readFileSync(path.join(mediaDir, 'originals', originalName)))).toBe(sha(fs.readFileSync(CLIP)));
  for (const instance of [one, two]) {
    for (const url of [post.uploadUrl, `/media/originals/${originalName}`]) {
      expect([url, (await fetch(`${instance.url}${url}`)).status]).toEqual([url, 404]);
    }
  }

  // The rendition a worker wrote to the shared folder plays the same through either instance.
  expect(mediaPath).not.toBe(post.uploadUrl);
  const stored = fs.readFileSync(path.join(mediaDir, mediaPath.slice('/media/'.length)));
  for (const instance of [two, one]) {
    const whole = await fetch(`${instance.url}${mediaPath}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(sha(Buffer.from(await whole.arrayBuffer()))).toBe(sha(stored));

    const range = await fetch(`${instance.url}${mediaPath}`, { headers: { range: 'bytes=100-199' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 100-199/${stored.length}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(stored.subarray(100, 200))).toBe(true);
  }
});

test('a comment posted through one instance reaches a subscriber on the other', async () => {
  const author = await student(one, 'Author Two');
  const commenter = await student(two, 'Commenter Two');
  const post = await postWithClip(one, author);
  const client = createClient({
    url: `${two.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${author.token}` },
  });
  try {
    const received = new Promise<any>((resolve, reject) => {
      client.subscribe(
        { query: 'subscription($id: ID!) { commentAdded(postId: $id) { text author { id } } }', variables: { id: post.id } },
        { next: resolve, error: reject, complete: () => undefined },
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 500)); // the subscription reaches Redis
    const added = await gql(one, commenter.token, 'mutation($id: ID!) { addComment(postId: $id, text: "Across instances") { id } }', {
      id: post.id,
    });
    expect(added.body.errors).toBeUndefined();
    expect((await received).data.commentAdded).toEqual({ text: 'Across instances', author: { id: commenter.uid } });
  } finally {
    await client.dispose();
  }
});

test('a signed-in student is the same student on either instance', async () => {
  const identity = await student(one, 'Session Student');
  const viewerQuery = '{ viewer { id displayName bio } }';
  expect((await gql(one, identity.token, viewerQuery)).body.data.viewer).toMatchObject({
    id: identity.uid,
    displayName: 'Session Student',
  });
  expect((await gql(two, identity.token, viewerQuery)).body.data.viewer).toMatchObject({
    id: identity.uid,
    displayName: 'Session Student',
  });

  const updated = await gql(two, identity.token, 'mutation { updateProfile(input: { bio: "Written on two" }) { id } }');
  expect(updated.body.errors).toBeUndefined();
  expect((await gql(one, identity.token, viewerQuery)).body.data.viewer.bio).toBe('Written on two');
});

test('rate limits count the same whichever instance answers', async () => {
  const author = await student(one, 'Liked Author');
  const post = await postWithClip(one, author);
  const liker = await student(two, 'Busy Liker');
  const { points } = RATE_LIMITS.like.perStudent;
  for (let i = 0; i < points; i++) {
    const instance = i % 2 === 0 ? one : two;
    const answer = await gql(
      instance,
      liker.token,
      `mutation($id: ID!) { ${i % 4 < 2 ? 'likePost' : 'unlikePost'}(postId: $id) { id } }`,
      { id: post.id },
      newClientAddress(),
    );
    expect(answer.status).toBe(200);
  }
  // Each instance alone has seen only half the budget spent; together they have spent it all.
  for (const instance of [one, two]) {
    const refused = await gql(
      instance,
      liker.token,
      'mutation($id: ID!) { likePost(postId: $id) { id } }',
      { id: post.id },
      newClientAddress(),
    );
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  }
});

test('an account deleted through one instance is refused by the other at once', async () => {
  const identity = await student(one, 'Leaving Student');
  // The other instance has verified (and cached) this token.
  expect((await gql(two, identity.token, '{ viewer { id } }')).body.data.viewer.id).toBe(identity.uid);

  const deleted = await gql(one, identity.token, 'mutation { deleteAccount }');
  expect(deleted.body.data.deleteAccount).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 300)); // the news crosses Redis

  const resync = await gql(two, identity.token, 'mutation { syncUser(input: { displayName: "Back again" }) { id } }');
  expect(resync.status).toBe(401);
  expect(resync.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  const after = await gql(one, (await student(one, 'Observer')).token, 'query($id: ID!) { user(id: $id) { id } }', { id: identity.uid });
  expect(after.body.data.user).toBeNull();
});
