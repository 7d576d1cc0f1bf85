import { pipeline } from 'node:stream/promises';
import express, { type Request, type Response, type Router } from 'express';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import type { TokenVerifier } from '../infra/identity/token-verifier';
import type { RateLimiter } from '../infra/rate-limit/rate-limiter';
import { calendarRestRoutes } from '../modules/calendar';
import { commentRestRoutes } from '../modules/comments';
import { dataExportRestRoutes } from '../modules/data-export';
import { eventsRestRoutes } from '../modules/events';
import { feedRestRoutes } from '../modules/feeds';
import { followRestRoutes } from '../modules/follows';
import { likeRestRoutes } from '../modules/likes';
import { postRestRoutes } from '../modules/posts';
import type { RestContext, RestRoute } from '../modules/rest-context';
import type { Services } from '../modules/services';
import { userPolicy, userRestRoutes } from '../modules/users';
import { RateLimitedError, toAppError } from '../shared/errors';
import { authorize, requireViewer } from '../shared/policy';
import { setRateLimitHeaders, tighterOf, type RateLimitState } from '../shared/rate-limit-outcome';
import type { LimitedAction } from '../shared/rate-limit-table';
import { fields, parseRequest } from '../shared/rest/request-schemas';
import { RestAttachment, type ActsAs } from '../shared/rest/rest-route';
import type { Viewer } from '../shared/viewer';
import { createDocuments } from './documents';
import { createSpecLists } from './spec-lists';

/**
 * The spec's /api routes (§7): each feature declares its own beside its resolvers
 * (`modules/<feature>/<f>.rest.ts`), onto the same services; this is the table they make.
 */
export const REST_ROUTES: RestRoute[] = [
  ...userRestRoutes,
  ...postRestRoutes,
  ...eventsRestRoutes,
  ...feedRestRoutes,
  ...likeRestRoutes,
  ...commentRestRoutes,
  ...calendarRestRoutes,
  ...followRestRoutes,
  ...dataExportRestRoutes,
];

/**
 * Mounts the route table. The chain for every route (shared/rest/rest-route.ts): viewer ->
 * rate limit (the route's `rateLimit`, counted for the caller and req.ip) -> the caller acts for
 * the uid the request names (`actsAs`) -> params, query and body through the route's schemas ->
 * handle (the rules and the write are the service's) -> answer `{ success, message, ... }`; a
 * failure answers `{ success: false, message, error?, errors? }` with the service's message, or
 * the route's default message for anything unexpected. A counted request carries RateLimit
 * headers whatever its answer.
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
        // The caller, once for every route: a route with access 'user' needs a verified token (401
        // here, before anything is counted or run); a public one reads as the token's viewer or nobody.
        const token = await options.verifier.viewerFromHeader(req.headers.authorization);
        const viewer = route.access === 'user' ? requireViewer(token) : token;
        // Each count's outcome, the tightest so far, goes out as the RateLimit headers.
        let reported: RateLimitState | null = null;
        const count = async (action: LimitedAction) => {
          reported = tighterOf(reported, await options.rateLimiter.consume(action, { uid: viewer?.uid, address: req.ip }));
          if (reported) setRateLimitHeaders(res, reported);
        };
        if (route.rateLimit) await count(route.rateLimit);
        const body = isPlainObject(req.body) ? req.body : {};
        if (route.actsAs) actAs(viewer!, route.actsAs, req.params as Record<string, string>, body);
        const context: RestContext = { services: options.services, documents: createDocuments(options.services, lists, viewer), count };
        const result = await route.handle({
          ...context,
          viewer,
          params: route.params ? parseRequest(route.params, req.params) : {},
          query: route.query ? parseRequest(route.query, req.query) : {},
          body: route.body ? parseRequest(route.body, body) : {},
        });
        if (result instanceof RestAttachment) {
          res.status(route.status ?? 200).setHeader('Content-Type', result.contentType);
          res.setHeader('Content-Disposition', `attachment; filename="${result.fileName.replace(/[^\w.-]/g, '')}"`);
          if (typeof result.body === 'string') {
            res.send(result.body);
            return;
          }
          // A stored file: private (no shared cache keeps it), streamed; a failure midway cuts the response.
          res.setHeader('Content-Length', String(result.body.size));
          res.setHeader('Cache-Control', 'private, no-store');
          await pipeline(result.body.stream, res).catch((error: { code?: string }) => {
            if (error.code !== 'ERR_STREAM_PREMATURE_CLOSE') options.logUnexpected(error);
          });
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
 * D1: a uid in the body (`firebaseUid`, `currentUserId`) or in the path of a feed or calendar names
 * who acts, and must be the caller's (users' policy, `actAs`); absent, the caller acts.
 */
function actAs(viewer: Viewer, actsAs: ActsAs, params: Record<string, string>, body: Record<string, unknown>): void {
  const uid = 'param' in actsAs ? params[actsAs.param] : parseRequest(z.object({ [actsAs.body]: fields.text }), body)[actsAs.body];
  authorize(userPolicy, viewer, 'actAs', uid);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
