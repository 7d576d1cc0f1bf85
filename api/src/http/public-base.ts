import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';

/**
 * The address students reach, for absolute links the services write (a calendar feed's URL, a
 * post's link inside an .ics file): PUBLIC_URL when set, else the request's own origin, as a post
 * page's link preview does (post-preview.ts). Express reads X-Forwarded-Proto and -Host only from
 * the proxies 'trust proxy' names (app.ts).
 */
export function publicBase(publicUrl: string | null): { middleware: RequestHandler; current: () => string } {
  const origins = new AsyncLocalStorage<string>();
  return {
    middleware: (req, _res, next) => {
      if (publicUrl) return next();
      origins.run(`${req.protocol}://${req.host}`, () => next());
    },
    // '' outside a request (a live subscription's event): links are then relative.
    current: () => publicUrl ?? origins.getStore() ?? '',
  };
}
