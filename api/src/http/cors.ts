import type { RequestHandler } from 'express';

/** CORS for the configured origins only; same-origin requests need none. */
export function cors(allowedOrigins: string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (origin && allowed.has(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader(
        'Access-Control-Allow-Headers',
        'Authorization, Content-Type, Tus-Resumable, Upload-Length, Upload-Metadata, Upload-Offset, Upload-Defer-Length, X-Request-Id, apollo-require-preflight',
      );
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS');
      res.setHeader(
        'Access-Control-Expose-Headers',
        'Location, Upload-Offset, Upload-Length, Tus-Resumable, X-Media-Url, Retry-After, RateLimit, RateLimit-Policy, X-Request-Id',
      );
      res.setHeader('Access-Control-Max-Age', '600');
    }
    if (req.method === 'OPTIONS' && origin) {
      res.status(allowed.has(origin) ? 204 : 403).end();
      return;
    }
    next();
  };
}
