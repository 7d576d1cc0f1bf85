import type { RequestHandler } from 'express';

/**
 * Safe defaults for every response. The CSP allows only this origin plus the identity provider's
 * endpoints the Firebase SDK talks to (and the local auth emulator when one is configured).
 */
export function securityHeaders(options: { authEmulatorHost: string | null }): RequestHandler {
  const connect = [
    "'self'",
    'ws:',
    'wss:',
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    'https://www.googleapis.com',
    ...(options.authEmulatorHost ? [`http://${options.authEmulatorHost}`] : []),
  ];
  const frames = ["'self'", 'https://*.firebaseapp.com', 'https://accounts.google.com'];
  if (options.authEmulatorHost) frames.push(`http://${options.authEmulatorHost}`);
  const policy = [
    "default-src 'self'",
    "script-src 'self' https://apis.google.com",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob:",
    `connect-src ${connect.join(' ')}`,
    `frame-src ${frames.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return (_req, res, next) => {
    res.setHeader('Content-Security-Policy', policy);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    next();
  };
}
