import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { RequestHandler } from 'express';

/**
 * The address students reach, for absolute links the services write (a calendar feed's URL, a
 * post's link inside an .ics file): PUBLIC_URL when set (always, in production: config.ts), else
 * the request's own origin, as a post page's link preview does (post-preview.ts).
 */
export function publicBase(publicUrl: string | null): { middleware: RequestHandler; current: () => string } {
  const origins = new AsyncLocalStorage<string>();
  return {
    middleware: (req, _res, next) => {
      if (publicUrl) return next();
      origins.run(requestOrigin(req), () => next());
    },
    // '' outside a request (a live subscription's event): links are then relative.
    current: () => publicUrl ?? origins.getStore() ?? '',
  };
}

/**
 * The origin a request came to, without PUBLIC_URL (development): its Host header and the scheme of
 * the connection itself. Never X-Forwarded-Host or -Proto, whatever 'trust proxy' says (it is set
 * for client addresses): any client can send those, and a link preview built on them points
 * wherever the sender likes. Behind a proxy, set PUBLIC_URL. '' without a Host header: links are
 * then relative.
 */
export function requestOrigin(req: IncomingMessage): string {
  const host = req.headers.host;
  if (!host) return '';
  return `${(req.socket as Partial<TLSSocket>).encrypted ? 'https' : 'http'}://${host}`;
}
