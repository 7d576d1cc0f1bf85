import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Prometheus metrics for one api instance, on its own registry (several apps in one test
 * process never share counters). Labels stay low-cardinality: ids are folded out of routes,
 * GraphQL operation names are checked and capped, unknown error codes become OTHER.
 */
export interface Metrics {
  registry: Registry;
  /** Mount first: times every request and reads its outcome when the response finishes. */
  middleware: RequestHandler;
  /** GET /metrics in the Prometheus text format. */
  handler: RequestHandler;
}

export interface MetricSources {
  /** Open graphql-ws connections (live subscriptions). */
  openSubscriptions(): number;
}

const LABEL_LIMIT = 200;
const KNOWN_ERROR_CODES = new Set([
  'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'BAD_USER_INPUT', 'RATE_LIMITED', 'INTERNAL_SERVER_ERROR',
  'GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_REQUEST', 'QUERY_TOO_COMPLEX', 'SERVICE_UNAVAILABLE',
  'PERSISTED_QUERY_NOT_FOUND', 'PERSISTED_QUERY_NOT_SUPPORTED', 'OPERATION_RESOLUTION_FAILURE',
]);

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'campus_' });

  const requests = new Counter({
    name: 'campus_http_requests_total',
    help: 'HTTP requests answered, by method, route, GraphQL operation and status',
    labelNames: ['method', 'route', 'operation', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'campus_http_request_duration_seconds',
    help: 'Time from request to the end of the response, by route and GraphQL operation',
    labelNames: ['method', 'route', 'operation'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'campus_errors_total',
    help: 'Failed requests: HTTP 4xx/5xx answers and GraphQL errors, by route, operation and code',
    labelNames: ['route', 'operation', 'code'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'campus_graphql_subscriptions_open',
    help: 'Open graphql-ws connections (live subscriptions)',
    registers: [registry],
    collect() {
      this.set(sources.openSubscriptions());
    },
  });
  const uploadBytes = new Counter({
    name: 'campus_upload_bytes_total',
    help: 'Bytes accepted by the resumable upload endpoint (/uploads)',
    registers: [registry],
  });

  const routes = new CappedLabels(LABEL_LIMIT);
  const operations = new CappedLabels(LABEL_LIMIT);

  const middleware: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    // Read now: routers mounted on a path (app.use('/graphql', ...)) rewrite req.url while they run.
    const path = req.path;
    const outgoing = captureResponse(res, path.startsWith('/graphql'));
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routes.label(routeOf(path, req));
      const operation = route === '/graphql' ? operations.label(operationName(req)) : '';
      requests.inc({ method: req.method, route, operation, status: String(res.statusCode) });
      duration.observe({ method: req.method, route, operation }, seconds);
      if (res.statusCode >= 400) errors.inc({ route, operation, code: `HTTP_${res.statusCode}` });
      for (const code of outgoing.graphqlErrorCodes()) errors.inc({ route, operation, code });
      if (route === '/uploads') {
        const accepted = acceptedUploadBytes(req.method, req.headers, outgoing.headers());
        if (accepted > 0) uploadBytes.inc(accepted);
      }
    });
    next();
  };

  const handler: RequestHandler = async (_req, res, next) => {
    try {
      res.setHeader('Content-Type', registry.contentType);
      res.setHeader('Cache-Control', 'no-store');
      res.send(await registry.metrics());
    } catch (error) {
      next(error);
    }
  };

  return { registry, middleware, handler };
}

/** Keeps the first `limit` distinct values; later newcomers share the label "other". */
class CappedLabels {
  private readonly seen = new Set<string>();
  constructor(private readonly limit: number) {}

  label(value: string): string {
    if (this.seen.has(value)) return value;
    if (this.seen.size >= this.limit) return 'other';
    this.seen.add(value);
    return value;
  }
}

/**
 * A low-cardinality route label: REST calls by their route pattern (/api/posts/:postId/like),
 * everything else by its first path segment, so ids and uids never become labels.
 */
function routeOf(path: string, req: Request): string {
  if (path === '/api' || path.startsWith('/api/')) {
    const pattern = (req as { route?: { path?: unknown } }).route?.path;
    return typeof pattern === 'string' && pattern.startsWith('/api') ? pattern : '/api (unmatched)';
  }
  if (path.startsWith('/graphql')) return '/graphql';
  if (path.startsWith('/uploads')) return '/uploads';
  if (path.startsWith('/media')) return '/media';
  return path.split('/').slice(0, 2).join('/') || '/';
}

/** The operationName the client sent, else the name of the document's first operation, else "anonymous". */
function operationName(req: Request): string {
  const body = req.body as { operationName?: unknown; query?: unknown } | undefined;
  if (!body || typeof body !== 'object') return req.method === 'POST' ? 'anonymous' : '';
  let name = body.operationName;
  if (typeof name !== 'string' && typeof body.query === 'string') {
    name = /^\s*(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(body.query.slice(0, 500))?.[1];
  }
  return typeof name === 'string' && /^[_A-Za-z][_0-9A-Za-z]{0,63}$/.test(name) ? name : 'anonymous';
}

/**
 * Watches what a response sends without changing it: the headers handed to writeHead (tus
 * passes them there, not through setHeader) and, for GraphQL, the error codes in the body.
 */
function captureResponse(res: Response, readGraphqlBody: boolean) {
  let headed: OutgoingHttpHeaders = {};
  // Kept as sent and only decoded when it holds errors: most answers have none.
  let graphqlBody: string | Buffer = '';

  const writeHead = res.writeHead;
  res.writeHead = function observedWriteHead(this: Response, ...args: unknown[]) {
    const headers = args.find((arg, index) => index > 0 && arg && typeof arg === 'object');
    if (headers) headed = normaliseHeaders(headers);
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as typeof writeHead;

  if (readGraphqlBody) {
    const end = res.end;
    res.end = function observedEnd(this: Response, ...args: unknown[]) {
      const chunk = args[0];
      if (typeof chunk === 'string') graphqlBody = chunk.slice(0, 64_000);
      else if (Buffer.isBuffer(chunk)) graphqlBody = chunk.subarray(0, 64_000);
      return (end as (...a: unknown[]) => Response).apply(this, args);
    } as typeof end;
  }

  return {
    headers: (): OutgoingHttpHeaders => ({ ...lowerCaseKeys(res.getHeaders()), ...headed }),
    graphqlErrorCodes(): string[] {
      if (!graphqlBody.includes('"errors":[')) return [];
      const text = typeof graphqlBody === 'string' ? graphqlBody : graphqlBody.toString('utf8');
      const codes = [...text.matchAll(/"code":"([A-Z_]{1,40})"/g)].map((match) => match[1]!);
      const known = codes.map((code) => (KNOWN_ERROR_CODES.has(code) ? code : 'OTHER'));
      return known.length ? known : ['OTHER'];
    },
  };
}

function normaliseHeaders(headers: object): OutgoingHttpHeaders {
  if (!Array.isArray(headers)) return lowerCaseKeys(headers as OutgoingHttpHeaders);
  const result: OutgoingHttpHeaders = {};
  if (headers.every((entry) => Array.isArray(entry))) {
    for (const [name, value] of headers as Array<[string, string]>) result[String(name).toLowerCase()] = value;
  } else {
    for (let i = 0; i + 1 < headers.length; i += 2) result[String(headers[i]).toLowerCase()] = headers[i + 1];
  }
  return result;
}

function lowerCaseKeys(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/** tus: what a PATCH (or a creation-with-upload POST) moved the offset by. */
function acceptedUploadBytes(method: string, request: IncomingHttpHeaders, response: OutgoingHttpHeaders): number {
  if (method !== 'PATCH' && !(method === 'POST' && Number(request['content-length'] ?? 0) > 0)) return 0;
  const after = Number(response['upload-offset']);
  if (!Number.isFinite(after)) return 0;
  const before = Number(request['upload-offset'] ?? 0);
  return Number.isFinite(before) && after > before ? after - before : 0;
}
