import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { rateLimitHeaders } from '../shared/rate-limiter';
import { requestContext, type RequestContext } from '../shared/request-context';

/**
 * Gives each request an id (kept from X-Request-Id when a proxy set one), runs the rest of the
 * chain inside it, reports the SQL statements it issued as X-SQL-Statements (and its rate-limit
 * state as RateLimit headers), and logs one line.
 */
export function requestContextMiddleware(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    const store: RequestContext = { requestId, sqlStatements: 0, clientAddress: req.ip };
    const started = process.hrtime.bigint();
    // Read now: routers mounted on a path (app.use('/graphql', ...)) rewrite req.url while they run.
    const path = req.path;
    res.setHeader('X-Request-Id', requestId);

    const writeHead = res.writeHead;
    res.writeHead = function patchedWriteHead(this: typeof res, ...args: Parameters<typeof writeHead>) {
      if (!res.headersSent) {
        res.setHeader('X-SQL-Statements', String(store.sqlStatements));
        if (store.rateLimit) {
          for (const [name, value] of Object.entries(rateLimitHeaders(store.rateLimit))) res.setHeader(name, value);
        }
      }
      return writeHead.apply(this, args);
    } as typeof writeHead;

    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // The id is passed directly (what the logger's mixin would add), and nothing is built when
      // the level leaves the line out.
      if (logger.isLevelEnabled('info')) {
        logger.info({ requestId, method: req.method, path, status: res.statusCode, ms: Math.round(seconds * 1000), sql: store.sqlStatements }, 'request');
      }
    });
    requestContext.run(store, () => next());
  };
}
