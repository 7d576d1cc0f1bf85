import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { MIGRATIONS } from '../../src/infra/db/migrations/index';
import { createStudent, graphql, startTestServer, type TestServer } from '../support/test-server';
import { uploadFile } from '../media/support/tus-requests';

/** What an operator's probes and Prometheus see, against the real api, PostgreSQL, Redis and emulator. */
const CLIP = path.resolve(__dirname, '../../../fixtures/media/clips/color-bars.mp4');

async function scrape(server: TestServer): Promise<{ status: number; type: string | null; text: string }> {
  const response = await fetch(`${server.url}/metrics`);
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

/** The value of one sample line, e.g. sample(text, 'campus_upload_bytes_total'); 0 when absent. */
function sample(text: string, nameWithLabels: string): number {
  const line = text.split('\n').find((row) => row.startsWith(`${nameWithLabels} `));
  return line ? Number(line.slice(nameWithLabels.length + 1)) : 0;
}

describe('health, readiness and metrics', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server.close();
  });

  test('/healthz says the process is alive, its version and the schema level it runs on', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    const { version } = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8'));
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(await response.json()).toEqual({ status: 'ok', version, migration: MIGRATIONS.at(-1)!.name });
  });

  test('/readyz is ready when the database answers, and does not mention Redis when none is configured', async () => {
    const response = await fetch(`${server.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready', database: 'ok' });
  });

  test('/metrics counts GraphQL requests by operation, with a latency histogram', async () => {
    const student = await createStudent(server);
    const result = await graphql(server, student.token, 'query MetricsViewer { viewer { id } }');
    expect(result.errors).toBeUndefined();

    const { status, type, text } = await scrape(server);
    expect(status).toBe(200);
    expect(type).toContain('text/plain');
    expect(sample(text, 'campus_http_requests_total{method="POST",route="/graphql",operation="MetricsViewer",status="200"}')).toBe(1);
    expect(sample(text, 'campus_http_request_duration_seconds_count{method="POST",route="/graphql",operation="MetricsViewer"}')).toBe(1);
    expect(
      sample(text, 'campus_http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/graphql",operation="MetricsViewer"}'),
    ).toBe(1);
    expect(text).toContain('campus_process_cpu_seconds_total');
  });

  test('/metrics counts errors by code: a refused GraphQL call and a failing REST call', async () => {
    const before = (await scrape(server)).text;
    const refused = await graphql(server, null, 'mutation MetricsLike { likePost(postId: "00000000-0000-4000-8000-000000000000") { id } }');
    expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const missing = await fetch(`${server.url}/api/posts/not-a-post/like`, { method: 'POST' });
    expect(missing.status).toBeGreaterThanOrEqual(400);

    const after = (await scrape(server)).text;
    const unauthenticated = 'campus_errors_total{route="/graphql",operation="MetricsLike",code="UNAUTHENTICATED"}';
    expect(sample(after, unauthenticated) - sample(before, unauthenticated)).toBe(1);
    const restRefusals = `campus_errors_total{route="/api/posts/:postId/like",operation="",code="HTTP_${missing.status}"}`;
    expect(sample(after, restRefusals) - sample(before, restRefusals)).toBe(1);
    expect(after).not.toContain('not-a-post'); // ids never become labels
  });

  test('/metrics shows open graphql-ws subscriptions, and they go back down when the client leaves', async () => {
    const student = await createStudent(server);
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () =>
        socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${student.token}` } })),
      );
      socket.on('message', (data) => {
        if (JSON.parse(String(data)).type === 'connection_ack') resolve();
      });
      socket.once('error', reject);
    });
    expect(sample((await scrape(server)).text, 'campus_graphql_subscriptions_open')).toBe(1);

    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.close();
    });
    for (let tries = 0; tries < 50; tries += 1) {
      if (sample((await scrape(server)).text, 'campus_graphql_subscriptions_open') === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(sample((await scrape(server)).text, 'campus_graphql_subscriptions_open')).toBe(0);
  });

  test('/metrics adds up the bytes of a resumable upload, sent in three parts', async () => {
    const student = await createStudent(server);
    const bytes = fs.readFileSync(CLIP);
    const before = sample((await scrape(server)).text, 'campus_upload_bytes_total');
    const { last } = await uploadFile(
      server.url,
      `Bearer ${student.token}`,
      bytes,
      { kind: 'video', filename: 'color-bars.mp4', filetype: 'video/mp4' },
      3,
    );
    expect(last.status).toBe(204);
    const after = sample((await scrape(server)).text, 'campus_upload_bytes_total');
    expect(after - before).toBe(bytes.length);
  });
});

describe('readiness with Redis configured', () => {
  test('ready while Redis answers', async () => {
    const server = await startTestServer({ REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' });
    try {
      const response = await fetch(`${server.url}/readyz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ready', database: 'ok', redis: 'ok' });
    } finally {
      await server.close();
    }
  });

  test('degraded but still in rotation when Redis cannot be reached (only live comments pause)', async () => {
    const server = await startTestServer({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const response = await fetch(`${server.url}/readyz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'degraded', database: 'ok', redis: 'unreachable' });
    } finally {
      await server.close();
    }
  });
});
