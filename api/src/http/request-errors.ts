import type { ErrorRequestHandler } from 'express';

/**
 * Errors raised before any route runs (reading the body, decoding the path), answered in the
 * shape the caller reads: GraphQL `errors` on /graphql, `{ success: false, message }` elsewhere,
 * with words that say what is wrong rather than a bare "Bad request".
 */
export function requestErrorHandler(logUnexpected: (error: unknown) => void): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const status = Number((error as { status?: number }).status ?? (error as { statusCode?: number }).statusCode ?? 500);
    if (status >= 500) logUnexpected(error);
    const message = messageFor(error, status);
    if (req.originalUrl.startsWith('/graphql')) {
      res.status(status).json({ errors: [{ message, extensions: { code: status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST' } }] });
      return;
    }
    res.status(status).json({ success: false, message });
  };
}

function messageFor(error: unknown, status: number): string {
  if (status >= 500) return 'Something went wrong. Please try again.';
  const { type, limit } = error as { type?: string; limit?: number };
  if (type === 'entity.too.large') return `The request is too large (at most ${Math.round((limit ?? 102_400) / 1024)} kB).`;
  if (type === 'entity.parse.failed') return 'The request body is not valid JSON.';
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') return 'The request body must be JSON in UTF-8.';
  if (error instanceof URIError) return 'The address of this request is not valid.';
  return 'The request could not be read. Please check it and try again.';
}
