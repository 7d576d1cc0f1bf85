import { randomInt } from 'node:crypto';
import { createApp, type App } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { RateLimitTable } from '../../src/shared/rate-limit-table';
import { createIdentity, type TestIdentity } from './identity';
import { finishVideosInstantly } from './instant-processing';

/**
 * The whole api on a random port, on the run's own PostgreSQL database and the real emulator.
 * Tests talk to it over HTTP and WebSocket like any client. Videos: unless the test asks for
 * transcoding workers (TRANSCODE_WORKERS, as test/media does), there are none and a new post is
 * ready at once (instant-processing.ts).
 */
export interface TestServer {
  app: App;
  url: string;
  close(): Promise<void>;
}

export async function startTestServer(
  env: Record<string, string | undefined> = {},
  /** `rateLimitTable`: limits of the test's own in place of the production table (small ones reach a refusal in a few calls). */
  options: { instantVideos?: boolean; rateLimitTable?: RateLimitTable } = {},
): Promise<TestServer> {
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST: 'none',
    MEDIA_DIR: env.MEDIA_DIR ?? `${process.env.TMPDIR ?? '/tmp'}/campus-test-media-${process.env.TEST_DATABASE_NAME}`,
    TRANSCODE_WORKERS: '0',
    ...env,
  });
  const app = await createApp(config, { rateLimitTable: options.rateLimitTable });
  // Off for a test whose videos are transcoded by separate worker processes.
  if (options.instantVideos ?? config.transcodeWorkers === 0) finishVideosInstantly(app);
  const { port } = await app.listen();
  const url = `http://127.0.0.1:${port}`;
  return { app, url, close: () => app.close() };
}

export interface Student extends TestIdentity {
  displayName: string;
}

/**
 * A client address as the trusted proxy in front of the api reports it (X-Forwarded-For), fresh
 * each time: callers that must not share a per-address budget (sign-ups, above all) each use one.
 */
export function newClientAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/**
 * An emulator account with a synced profile (17+, named), ready to act. Each signs up from an
 * address of its own, as students do from their own phones: a suite's many students never meet
 * the per-address sign-up limit (test/api/rate-limits.test.ts tests that limit itself). Its e-mail
 * is verified (it may post, comment and report: D16) unless `unverified`; `email` puts it on a
 * campus's domain.
 */
export async function createStudent(
  server: TestServer,
  profile: { displayName?: string; dateOfBirth?: string; unverified?: boolean; email?: string } = {},
): Promise<Student> {
  const identity = await createIdentity({ unverified: profile.unverified, email: profile.email });
  const displayName = profile.displayName ?? `Student ${identity.uid.slice(0, 5)}`;
  const result = await graphql(
    server,
    identity.token,
    `
      mutation ($input: SyncUserInput!) {
        syncUser(input: $input) {
          id
        }
      }
    `,
    {
      input: { displayName, dateOfBirth: profile.dateOfBirth ?? '2000-01-15' },
    },
    { 'x-forwarded-for': newClientAddress() },
  );
  if (result.errors) throw new Error(`syncUser failed: ${JSON.stringify(result.errors)}`);
  return Object.assign(identity, { displayName });
}

export interface GraphQLResult<T = any> {
  data?: T;
  errors?: Array<{ message: string; extensions?: { code?: string; fields?: Record<string, string> } }>;
  status: number;
  sqlStatements: number;
}

export async function graphql<T = any>(
  server: TestServer,
  token: string | null,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<GraphQLResult<T>> {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as Omit<GraphQLResult<T>, 'status' | 'sqlStatements'>;
  return { ...body, status: response.status, sqlStatements: Number(response.headers.get('x-sql-statements')) };
}

export async function rest(
  server: TestServer,
  method: string,
  path: string,
  options: { token?: string | null; body?: unknown; rawAuthorization?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.rawAuthorization) headers.authorization = options.rawAuthorization;
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, headers: response.headers };
}
