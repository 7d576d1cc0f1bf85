import express, { type Request, type Response, type Router } from 'express';
import type { DataSource } from 'typeorm';
import type { TokenVerifier } from '../infra/identity/token-verifier';
import type { RateLimiter } from '../infra/rate-limit/rate-limiter';
import type { Services } from '../modules/services';
import { RateLimitedError, toAppError } from '../shared/errors';
import { requireViewer } from '../shared/policy';
import type { Viewer } from '../shared/viewer';
import { setRateLimitHeaders, tighterOf, type RateLimitState } from '../shared/rate-limit-outcome';
import type { LimitedAction } from '../shared/rate-limit-table';
import { REST_ROUTES, RestAttachment, type RestCall, type RestRoute } from './routes';
import { createSpecLists } from './spec-lists';

/**
 * Mounts the route table. The chain for every route: viewer -> rate limit (the route's
 * `rateLimit`, counted for the caller and req.ip) -> call (validation and the write are the
 * service's) -> answer `{ success, message, ... }`; a failure answers `{ success: false, message,
 * error?, errors? }` with the service's message, or the route's default message for anything
 * unexpected. A counted request carries RateLimit headers whatever its answer.
 */
export function createRestRouter(options: {
  services: Services;
  verifier: TokenVerifier;
  /** The process's one limiter: the budget GraphQL and tus spend too. */
  rateLimiter: RateLimiter;
  logUnexpected: (error: unknown) => void;
  /** What the spec's documents' uid lists are read from (rest/spec-lists.ts). */
  db: DataSource;
  routes?: RestRoute[];
}): Router {
  const router = express.Router();
  const lists = createSpecLists(options.db);
  for (const route of options.routes ?? REST_ROUTES) {
    router[route.method](route.path, async (req: Request, res: Response) => {
      try {
        const viewer = await options.verifier.viewerFromHeader(req.headers.authorization);
        const handle = withViewer(route, viewer);
        // Each count's outcome, the tightest so far, goes out as the RateLimit headers.
        let reported: RateLimitState | null = null;
        const count = async (action: LimitedAction) => {
          reported = tighterOf(reported, await options.rateLimiter.consume(action, { uid: viewer?.uid, address: req.ip }));
          if (reported) setRateLimitHeaders(res, reported);
        };
        if (route.rateLimit) await count(route.rateLimit);
        const result = await handle({
          params: req.params as Record<string, string>,
          query: req.query as Record<string, unknown>,
          body: isPlainObject(req.body) ? req.body : {},
          services: options.services,
          lists,
          count,
        });
        if (result instanceof RestAttachment) {
          res.status(route.status ?? 200).setHeader('Content-Type', result.contentType);
          res.setHeader('Content-Disposition', `attachment; filename="${result.fileName.replace(/[^\w.-]/g, '')}"`);
          res.send(result.body);
          return;
        }
        res.status(route.status ?? 200).json({ success: true, message: 'OK', ...result });
      } catch (error) {
        const appError = toAppError(error);
        if (appError instanceof RateLimitedError) setRateLimitHeaders(res, appError.state);
        if (appError) {
          res.status(appError.status).json({
            success: false,
            message: appError.message,
            ...(route.failureHasError && { error: route.failure }),
            ...(appError.extra.fields ? { errors: appError.extra.fields } : {}),
          });
          return;
        }
        options.logUnexpected(error);
        res.status(500).json({ success: false, message: route.failure, error: 'Internal server error' });
      }
    });
  }
  router.use('/api', (_req, res) => {
    res.status(404).json({ success: false, message: 'Not found' });
  });
  return router;
}

/**
 * The route's handler with its viewer bound: for a route with access 'user' the Viewer
 * requireViewer vouches for (401 here, before anything is counted or run), the REST entry's one
 * check; for a public route the token's viewer or null.
 */
function withViewer(
  route: RestRoute,
  viewer: Viewer | null,
): (call: Omit<RestCall, 'viewer'>) => Promise<Record<string, unknown> | RestAttachment> {
  if (route.access === 'public') return (call) => route.handle({ ...call, viewer });
  const signedIn = requireViewer(viewer);
  return (call) => route.handle({ ...call, viewer: signedIn });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
