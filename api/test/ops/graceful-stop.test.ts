import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { startApiProcess, buildApiEntryPoint, type ApiProcess } from '../support/api-process';
import { createIdentity, type TestIdentity } from '../support/identity';
import { openPatch, startUpload, uploadFile } from '../media/support/tus-requests';

/**
 * What a rolling deploy does to a running instance: SIGTERM. The real entry point (api/dist
 * main.js, compiled here) on the run's PostgreSQL database must let a request that is still
 * uploading finish, close live subscriptions, and exit by itself, quickly and with code 0.
 */
const CLIP = path.resolve(__dirname, '../../../fixtures/media/clips/colour-sweep.mp4');

jest.setTimeout(180_000);

let api: ChildProcess;
let baseUrl: string;
let instance: ApiProcess;
let student: TestIdentity;
let mediaDir: string;

beforeAll(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-stop-media-'));
  // NODE_ENV development, as deployed: libraries that install their own signal handlers do so here.
  instance = await startApiProcess(buildApiEntryPoint(), { NODE_ENV: 'development', MEDIA_DIR: mediaDir });
  api = instance.child;
  baseUrl = instance.url;
  student = await createIdentity();
  await gql(`mutation { syncUser(input: { displayName: "Stop Tester", dateOfBirth: "2001-02-03" }) { id } }`);
});

afterAll(() => {
  if (api.exitCode === null) api.kill('SIGKILL');
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

test('each request is one JSON log line with its request id and path, and no token in it', async () => {
  const requestId = `ops-log-check-${Date.now()}`;
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${student.token}`, 'x-request-id': requestId },
    body: JSON.stringify({ query: '{ viewer { id } }' }),
  });
  expect(response.headers.get('x-request-id')).toBe(requestId);
  await new Promise((resolve) => setTimeout(resolve, 200));

  const lines = instance
    .log()
    .split('\n')
    .filter((line) => line.includes(requestId));
  expect(lines).toHaveLength(1);
  const entry = JSON.parse(lines[0]!);
  expect(entry).toMatchObject({ msg: 'request', method: 'POST', path: '/graphql', status: 200, requestId });
  expect(instance.log()).not.toContain(student.token);
  expect(instance.log()).not.toContain(student.token.split('.')[1]!);
});

test('SIGTERM lets an upload in flight finish, closes live subscriptions, and exits 0 within seconds', async () => {
  // A post with a live comment subscription on it.
  const bytes = fs.readFileSync(CLIP);
  const { last } = await uploadFile(baseUrl, `Bearer ${student.token}`, bytes, {
    kind: 'video',
    filename: 'clip.mp4',
    filetype: 'video/mp4',
  });
  const created = await gql(`mutation($v: String!) { createPost(input: { videoUrl: $v, caption: "drain test" }) { id } }`, {
    v: last.headers.get('x-media-url'),
  });
  const socket = await subscribe(created.createPost.id);
  const socketClosed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

  // A second upload is half sent when the signal arrives.
  const uploadUrl = await startUpload(baseUrl, `Bearer ${student.token}`, {
    kind: 'video',
    filename: 'late.mp4',
    filetype: 'video/mp4',
    length: bytes.length,
  });
  const half = Math.floor(bytes.length / 2);
  const patch = openPatch(uploadUrl, `Bearer ${student.token}`, bytes.length);
  const patched = new Promise<number>((resolve, reject) => {
    patch.once('response', (response) => {
      response.resume();
      resolve(response.statusCode!);
    });
    patch.once('error', reject);
  });
  await new Promise<void>((resolve) => patch.write(bytes.subarray(0, half), () => resolve()));
  await new Promise((resolve) => setTimeout(resolve, 300));

  const signalledAt = Date.now();
  const exited = new Promise<number | null>((resolve) => api.once('exit', (code) => resolve(code)));
  api.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  patch.end(bytes.subarray(half));

  expect(await patched).toBe(204); // the request in flight was allowed to finish
  expect(await socketClosed).toBeGreaterThanOrEqual(1000); // a proper close frame, not a dropped TCP connection
  expect(await exited).toBe(0);
  expect(Date.now() - signalledAt).toBeLessThan(8000);
  expect(instance.log()).toContain('draining and stopping');
  await expect(fetch(`${baseUrl}/healthz`)).rejects.toThrow(); // nothing listens any more
});

async function gql(query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${student.token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: unknown; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

function subscribe(postId: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    socket.once('error', reject);
    socket.once('open', () =>
      socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${student.token}` } })),
    );
    socket.on('message', (data) => {
      if (JSON.parse(String(data)).type !== 'connection_ack') return;
      socket.send(
        JSON.stringify({ id: '1', type: 'subscribe', payload: { query: `subscription { commentAdded(postId: "${postId}") { id } }` } }),
      );
      resolve(socket);
    });
  });
}
