import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { requestScope, type RequestScope } from '../infra/request-scope';

/**
 * Gives each request an id (kept from X-Request-Id when a proxy set one), runs the rest of the
 * chain inside its request scope, and logs one line. With `sqlStatementsHeader` (development and
 * test only: tests and benchmarks read it, and in production it would tell anyone how each request
 * reaches the database) it also reports the SQL statements it issued as X-SQL-Statements, set as
 * the headers go out, when the count is complete.
 */
export function requestLog(logger: Logger, options: { sqlStatementsHeader: boolean }): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    const store: RequestScope = { requestId, sqlStatements: 0 };
    const started = process.hrtime.bigint();
    // Read now: routers mounted on a path (app.use('/graphql', ...)) rewrite req.url while they run.
    const path = req.path;
    res.setHeader('X-Request-Id', requestId);

    if (options.sqlStatementsHeader) {
      const writeHead = res.writeHead;
      res.writeHead = function countedWriteHead(this: typeof res, ...args: Parameters<typeof writeHead>) {
        if (!res.headersSent) res.setHeader('X-SQL-Statements', String(store.sqlStatements));
        return writeHead.apply(this, args);
      } as typeof writeHead;
    }

    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // The id is passed directly (what the logger's mixin would add), and nothing is built when
      // the level leaves the line out.
      if (logger.isLevelEnabled('info')) {
        logger.info(
          { requestId, method: req.method, path, status: res.statusCode, ms: Math.round(seconds * 1000), sql: store.sqlStatements },
          'request',
        );
      }
    });
    requestScope.run(store, () => next());
  };
}
