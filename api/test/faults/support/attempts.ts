import type { TestServer } from '../../support/test-server';

/**
 * One client request during a fault, as the client saw it. Every request carries a deadline: a
 * request that has not been answered by then counts as hung, which a fault must never cause.
 */
export const HANG_BOUND_MS = 12_000;

export type Verdict = 'ok' | 'unavailable' | 'hung' | 'other';

export interface Attempt {
  action: string;
  started: number;
  ended: number;
  verdict: Verdict;
  status: number;
  body: unknown;
}

const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';

/** A REST call; 503 with the service's message is "unavailable". */
export async function restAttempt(
  server: TestServer,
  action: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<Attempt> {
  return attempt(
    action,
    server.url + path,
    {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    },
    (status, body: any) => {
      if (status >= 200 && status < 300) return 'ok';
      if (status === 503 && body?.success === false && body?.message === UNAVAILABLE_MESSAGE) return 'unavailable';
      return 'other';
    },
  );
}

/** A GraphQL call; an error coded SERVICE_UNAVAILABLE with the service's message is "unavailable". */
export async function graphqlAttempt(
  server: TestServer,
  action: string,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Attempt> {
  return attempt(
    action,
    `${server.url}/graphql`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    },
    (status, body: any) => {
      const errors: Array<{ message: string; extensions?: { code?: string } }> | undefined = body?.errors;
      if (status === 200 && body?.data && !errors) return 'ok';
      if (
        status < 500 &&
        errors?.length &&
        errors.every((e) => e.extensions?.code === 'SERVICE_UNAVAILABLE' && e.message === UNAVAILABLE_MESSAGE)
      ) {
        return 'unavailable';
      }
      return 'other';
    },
  );
}

async function attempt(
  action: string,
  url: string,
  init: RequestInit,
  judge: (status: number, body: unknown) => Verdict,
): Promise<Attempt> {
  const started = Date.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(HANG_BOUND_MS) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: judged as text
    }
    return { action, started, ended: Date.now(), verdict: judge(response.status, body), status: response.status, body };
  } catch (error) {
    const hung = (error as Error).name === 'TimeoutError';
    return { action, started, ended: Date.now(), verdict: hung ? 'hung' : 'other', status: 0, body: String(error) };
  }
}

/** Words that must never reach a client: stack frames, driver and SQL details. */
export function leaksInternals(attempt: Attempt): boolean {
  return /\bat .+:\d+:\d+|ECONNREFUSED|QueryFailedError|SELECT |INSERT |terminating connection|node_modules/.test(
    JSON.stringify(attempt.body),
  );
}
