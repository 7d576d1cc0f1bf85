import express, { type Request, type Response, type Router } from 'express';
import type { TokenVerifier } from '../auth/token-verifier';
import type { Services } from '../modules/services';
import { UnauthenticatedError, toAppError } from '../shared/errors';
import { REST_ROUTES, type RestRoute } from './routes';

/**
 * Mounts the route table. The chain for every route: authenticate -> call -> answer
 * `{ success, message, ... }`; a failure answers `{ success: false, message, errors? }` with the
 * service's message, or the route's default message for anything unexpected.
 */
export function createRestRouter(options: {
  services: Services;
  verifier: TokenVerifier;
  logUnexpected: (error: unknown) => void;
  routes?: RestRoute[];
}): Router {
  const router = express.Router();
  for (const route of options.routes ?? REST_ROUTES) {
    router[route.method](route.path, async (req: Request, res: Response) => {
      try {
        const viewer = await options.verifier.viewerFromHeader(req.headers.authorization);
        if (route.access === 'user' && !viewer) throw new UnauthenticatedError();
        const result = await route.handle({
          viewer,
          params: req.params as Record<string, string>,
          query: req.query as Record<string, unknown>,
          body: isPlainObject(req.body) ? req.body : {},
          services: options.services,
        });
        res.status(route.status ?? 200).json({ success: true, message: 'OK', ...result });
      } catch (error) {
        const appError = toAppError(error);
        if (appError) {
          res.status(appError.status).json({
            success: false,
            message: appError.message,
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

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
