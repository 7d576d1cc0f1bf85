import { echoForms, leakInBody, unclearMessage } from './clear-message';

/**
 * Sends fuzzed requests over real HTTP, several at once, and judges each answer against the
 * properties every request must keep: never a 5xx (nor a GraphQL INTERNAL_SERVER_ERROR hidden in a
 * 200), a refusal only with a clear message, and a refusal wherever the generator built an input
 * that cannot be accepted.
 */
export interface FuzzRequest {
  /** Which route or field this exercises, e.g. 'PUT /api/users/:uid' or 'Mutation.addComment'. */
  target: string;
  method: string;
  /** Path and query string. */
  path: string;
  authorization?: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (for bodies that are not JSON). */
  raw?: { body: string; contentType: string };
  graphql: boolean;
  /** The generator made this impossible to accept (a type violation, a junk token, a value over every limit...). */
  mustRefuse: boolean;
  /** The route answers a file or plain text, not JSON (a calendar feed: the calendar, or 'Not found'). */
  answersText?: boolean;
}

export interface FuzzOutcome {
  request: FuzzRequest;
  status: number;
  body: unknown;
  text: string;
  refused: boolean;
  messages: unknown[];
}

export class FuzzStats {
  requests = 0;
  refused = 0;
  accepted = 0;
  serverErrors = 0;
  /** Per target; `pastAccess`: well-formed requests that reached its own checks (reachedOwnChecks). */
  readonly byTarget = new Map<string, { requests: number; refused: number; pastAccess: number }>();

  record(outcome: FuzzOutcome): void {
    this.requests++;
    if (outcome.status >= 500 || hasInternalError(outcome)) this.serverErrors++;
    if (outcome.refused) this.refused++;
    else this.accepted++;
    const entry = this.byTarget.get(outcome.request.target) ?? { requests: 0, refused: 0, pastAccess: 0 };
    entry.requests++;
    if (outcome.refused) entry.refused++;
    if (reachedOwnChecks(outcome)) entry.pastAccess++;
    this.byTarget.set(outcome.request.target, entry);
  }

  /** Targets no request of which reached its own checks: their inputs were never judged by them. */
  neverPastAccess(targets: string[]): string[] {
    return targets.filter((target) => !this.byTarget.get(target)?.pastAccess);
  }

  /** Per route or field: requests and how many were accepted (FUZZ_VERBOSE=1 prints it). */
  table(): string {
    return [...this.byTarget]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([target, { requests, refused, pastAccess }]) =>
          `  ${target.padEnd(40)} ${String(requests).padStart(6)} requests ${String(requests - refused).padStart(5)} accepted ${String(pastAccess).padStart(5)} past access`,
      )
      .join('\n');
  }

  summary(name: string, seconds: number): string {
    return `${name}: ${this.requests} requests, ${this.refused} refused, ${this.accepted} accepted, ${this.serverErrors} 5xx, ${this.byTarget.size} targets, ${seconds.toFixed(1)} s`;
  }
}

/**
 * Whether a well-formed request reached the field's or route's own checks: accepted, or refused by
 * them rather than for who asked (401/403, UNAUTHENTICATED/FORBIDDEN) or by the layers before them
 * (a GraphQL error without a `path` comes from parsing, validation or variable coercion).
 */
function reachedOwnChecks(outcome: FuzzOutcome): boolean {
  if (outcome.request.mustRefuse) return false;
  if (!outcome.refused) return true;
  if (!outcome.request.graphql) return ![401, 403, 413].includes(outcome.status);
  const errors = (outcome.body as { errors?: Array<{ path?: unknown; extensions?: { code?: string } }> } | null)?.errors ?? [];
  return errors.some((error) => Array.isArray(error?.path) && !['UNAUTHENTICATED', 'FORBIDDEN'].includes(error?.extensions?.code ?? ''));
}

function hasInternalError(outcome: FuzzOutcome): boolean {
  const errors = (outcome.body as { errors?: Array<{ extensions?: { code?: string } }> } | null)?.errors;
  return Array.isArray(errors) && errors.some((error) => error?.extensions?.code === 'INTERNAL_SERVER_ERROR');
}

export async function send(baseUrl: string, request: FuzzRequest): Promise<FuzzOutcome> {
  const headers: Record<string, string> = {};
  if (request.authorization !== undefined) headers.authorization = request.authorization;
  let body: string | undefined;
  if (request.raw) {
    headers['content-type'] = request.raw.contentType;
    body = request.raw.body;
  } else if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  }
  const response = await fetch(`${baseUrl}${request.path}`, { method: request.method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: judged below
  }
  const errors = (parsed as { errors?: Array<{ message?: unknown }> } | null)?.errors;
  const graphqlErrors = request.graphql && Array.isArray(errors) && errors.length > 0;
  const refused = response.status >= 400 || graphqlErrors;
  let messages: unknown[] = [];
  if (refused) {
    if (request.graphql) messages = Array.isArray(errors) ? errors.map((error) => error?.message) : [undefined];
    else if (request.answersText && typeof parsed === 'string') messages = [text];
    else {
      const rest = parsed as { message?: unknown; errors?: Record<string, unknown> } | null;
      messages = [rest?.message, ...Object.values(rest?.errors ?? {})];
    }
  }
  return { request, status: response.status, body: parsed, text, refused, messages };
}

/** Sends every request with at most `concurrency` in flight; answers come back in request order. */
export async function sendAll(baseUrl: string, requests: FuzzRequest[], concurrency = 8): Promise<FuzzOutcome[]> {
  const outcomes: FuzzOutcome[] = new Array(requests.length);
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const index = next++;
      outcomes[index] = await send(baseUrl, requests[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, requests.length) }, worker));
  return outcomes;
}

/** Every property this answer breaks (empty when it keeps them all). */
export function problemsOf(outcome: FuzzOutcome): string[] {
  const problems: string[] = [];
  const { request, status, body } = outcome;
  if (status >= 500) problems.push(`answered ${status}`);
  if (hasInternalError(outcome)) problems.push('GraphQL error INTERNAL_SERVER_ERROR');
  if ((typeof body !== 'object' || body === null) && !request.answersText)
    problems.push(`answer is not JSON: ${outcome.text.slice(0, 200)}`);
  if (request.mustRefuse && !outcome.refused) problems.push(`accepted an input that must be refused (status ${status})`);
  if (outcome.refused) {
    const echoes = echoForms([request.json, request.raw?.body, request.path, request.authorization]);
    if (request.graphql && !Array.isArray((body as { errors?: unknown } | null)?.errors))
      problems.push('GraphQL refusal without an errors list');
    const jsonBody = typeof body === 'object' && body !== null;
    if (!request.graphql && (jsonBody || !request.answersText) && (body as { success?: unknown } | null)?.success !== false)
      problems.push('REST refusal without success: false');
    if (!outcome.messages.length) problems.push('refusal without a message');
    for (const message of outcome.messages) {
      const unclear = unclearMessage(message, echoes);
      if (unclear) problems.push(unclear);
    }
    const leak = leakInBody(outcome.text, echoes);
    if (leak) problems.push(leak);
  }
  return problems;
}

/** A failing request, short enough to read in a test report. */
export function describeFailure(outcome: FuzzOutcome, problems: string[]): string {
  const clip = (value: unknown) => {
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
    return text.length > 600 ? `${text.slice(0, 600)}… (${text.length} chars)` : text;
  };
  return [
    `${outcome.request.target}: ${problems.join('; ')}`,
    `  request: ${outcome.request.method} ${clip(outcome.request.path)} auth=${clip(outcome.request.authorization ?? '(none)')}`,
    `  body: ${clip(outcome.request.raw?.body ?? outcome.request.json)}`,
    `  answer: ${outcome.status} ${clip(outcome.text)}`,
  ].join('\n');
}
