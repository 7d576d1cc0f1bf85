import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { ApolloServerPlugin, BaseContext, GraphQLRequestListener } from '@apollo/server';
import type { Request, RequestHandler, Response } from 'express';
import { Kind, type DocumentNode, type GraphQLFormattedError } from 'graphql';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { PlanStats } from '../infra/db/plan-stats';
import { createProcessRegistry } from '../infra/telemetry/process-metrics';
import { currentRequestScope } from '../infra/request-scope';

/**
 * Prometheus metrics for one api instance, on its own registry (several apps in one test
 * process never share counters). Labels stay low-cardinality: ids are folded out of routes,
 * GraphQL operation names are checked and capped, unknown error codes become OTHER.
 */
export interface Metrics {
  registry: Registry;
  /** Mount first (after the request log): times every request and records its outcome when the response finishes. */
  middleware: RequestHandler;
  /**
   * For the GraphQL server: takes each request's operation name and its errors' codes from
   * Apollo's hooks (never from the response body) and leaves them in the request scope, where the
   * middleware records them with the request.
   */
  graphqlPlugin: ApolloServerPlugin;
  /** GET /metrics in the Prometheus text format. */
  handler: RequestHandler;
}

export interface MetricSources {
  /** Open graphql-ws connections (live subscriptions). */
  openSubscriptions(): number;
  /** How PostgreSQL planned the app's prepared statements (infra/db/plan-stats.ts), read when scraped. */
  preparedStatementPlans?(): Promise<PlanStats>;
}

const LABEL_LIMIT = 200;
/** The app has a few dozen named statements; more labels than this would be a bug, not data. */
const PLAN_STATEMENT_LIMIT = 500;
const KNOWN_ERROR_CODES = new Set([
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'BAD_USER_INPUT',
  'RATE_LIMITED',
  'INTERNAL_SERVER_ERROR',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'QUERY_TOO_COMPLEX',
  'SERVICE_UNAVAILABLE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
]);

/** `registry`: the process's (queue metrics are on it too), else one of its own. */
export function createMetrics(sources: MetricSources, registry: Registry = createProcessRegistry()): Metrics {
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
  // Issue 30: whether each hot statement keeps one generic plan or is planned on every execution.
  // Read from the pool's idle connections at each scrape (the benchmark reads it after each load).
  const planSources = sources.preparedStatementPlans;
  if (planSources) {
    const connections = new Gauge({
      name: 'campus_prepared_statement_connections',
      help: 'Pool connections whose prepared statements campus_prepared_statement_plans sums (those idle when scraped)',
      registers: [registry],
    });
    new Gauge({
      name: 'campus_prepared_statement_plans',
      help: 'Executions of each named prepared statement (cc_<hash of its text>) by plan: generic (planned once) or custom (planned with its values), summed over the pool connections read',
      labelNames: ['statement', 'plan'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const stats = await planSources().catch(() => ({ connections: 0, statements: [] }));
        connections.set(stats.connections);
        for (const statement of stats.statements.slice(0, PLAN_STATEMENT_LIMIT)) {
          this.set({ statement: statement.name, plan: 'generic' }, statement.genericPlans);
          this.set({ statement: statement.name, plan: 'custom' }, statement.customPlans);
        }
      },
    });
  }
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
    // Where the GraphQL plugin leaves what Apollo reported (the request log's scope, mounted before).
    const scope = currentRequestScope();
    const uploadHeaders = path.startsWith('/uploads') ? watchHeadHeaders(res) : null;
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routes.label(routeOf(path, req));
      // Apollo's name for the operation; a request Apollo never ran (a body that is not JSON, a
      // token refused while building the context) falls back to what the client sent.
      const operation = route === '/graphql' ? operations.label(scope?.graphqlOperation ?? operationName(req)) : '';
      requests.inc({ method: req.method, route, operation, status: String(res.statusCode) });
      duration.observe({ method: req.method, route, operation }, seconds);
      if (res.statusCode >= 400) errors.inc({ route, operation, code: `HTTP_${res.statusCode}` });
      if (scope?.graphqlErrorCodes) for (const code of scope.graphqlErrorCodes) errors.inc({ route, operation, code });
      if (uploadHeaders) {
        const accepted = acceptedUploadBytes(req.method, req.headers, uploadHeaders());
        if (accepted > 0) uploadBytes.inc(accepted);
      }
    });
    next();
  };

  // One listener for every request (it keeps nothing of its own), so a request allocates no hooks.
  const requestListener: GraphQLRequestListener<BaseContext> = {
    async willSendResponse({ operationName, request, document, response }) {
      const scope = currentRequestScope();
      if (!scope) return;
      // The operation Apollo resolved; for a document that did not validate or parse, the name
      // the client gave, else the first operation's name.
      scope.graphqlOperation = labelName(operationName ?? request.operationName ?? firstOperationName(document, request.query));
      const body = response.body;
      const answered = body.kind === 'single' ? body.singleResult.errors : body.initialResult.errors;
      if (answered?.length) scope.graphqlErrorCodes = answered.map(errorCode);
    },
  };
  const graphqlPlugin: ApolloServerPlugin = {
    async requestDidStart() {
      return requestListener;
    },
    // Failures before Apollo's request pipeline starts; the answer carries this one error.
    async contextCreationDidFail({ error }) {
      recordEarlyError(error);
    },
    async invalidRequestWasReceived({ error }) {
      recordEarlyError(error);
    },
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

  return { registry, middleware, handler, graphqlPlugin };
}

/** What the client was told: each formatted error's extensions.code, folded to the known codes. */
function errorCode(error: GraphQLFormattedError): string {
  const code = error.extensions?.code;
  return typeof code === 'string' && KNOWN_ERROR_CODES.has(code) ? code : 'OTHER';
}

function recordEarlyError(error: Error): void {
  const scope = currentRequestScope();
  if (!scope) return;
  // The context builder turns app errors into GraphQLErrors with their code; anything else answers INTERNAL_SERVER_ERROR.
  const code = (error as { extensions?: { code?: unknown } }).extensions?.code;
  scope.graphqlErrorCodes = [typeof code === 'string' ? errorCode({ message: '', extensions: { code } }) : 'INTERNAL_SERVER_ERROR'];
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

/**
 * For a request Apollo never ran: the operationName the client sent, else the name of the
 * document's first operation, else "anonymous".
 */
function operationName(req: Request): string {
  const body = req.body as { operationName?: unknown; query?: unknown } | undefined;
  if (!body || typeof body !== 'object') return req.method === 'POST' ? 'anonymous' : '';
  const name = typeof body.operationName === 'string' ? body.operationName : firstOperationName(undefined, body.query);
  return labelName(name);
}

/** The name of the document's first operation: from the parsed document, else read off the text's start. */
function firstOperationName(document: DocumentNode | undefined, query: unknown): string | undefined {
  if (document) {
    const operation = document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION);
    return operation?.kind === Kind.OPERATION_DEFINITION ? operation.name?.value : undefined;
  }
  if (typeof query !== 'string') return undefined;
  return /^\s*(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(query.slice(0, 500))?.[1];
}

/** A GraphQL name short enough to be a label, else "anonymous". */
function labelName(name: unknown): string {
  return typeof name === 'string' && /^[_A-Za-z][_0-9A-Za-z]{0,63}$/.test(name) ? name : 'anonymous';
}

/**
 * The headers a response is sent with, without changing it: tus hands its headers to writeHead
 * rather than setHeader, so those are read there.
 */
function watchHeadHeaders(res: Response): () => OutgoingHttpHeaders {
  let headed: OutgoingHttpHeaders = {};
  const writeHead = res.writeHead;
  res.writeHead = function observedWriteHead(this: Response, ...args: unknown[]) {
    const headers = args.find((arg, index) => index > 0 && arg && typeof arg === 'object');
    if (headers) headed = normaliseHeaders(headers);
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as typeof writeHead;
  return () => ({ ...lowerCaseKeys(res.getHeaders()), ...headed });
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
