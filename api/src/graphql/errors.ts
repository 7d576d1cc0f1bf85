import { unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLFormattedError } from 'graphql';
import { AuthenticationError, AuthorizationError } from 'type-graphql';
import { toAppError } from '../shared/errors';

/** Codes whose message is already meant for the client (query problems, not server faults). */
const CLIENT_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'FORBIDDEN_UNVERIFIED',
  'QUERY_TOO_COMPLEX',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
]);

/**
 * Every GraphQL error leaves in one of the app's codes with a message fit for a user. Nothing
 * else (stack traces, SQL, internal messages) reaches the client.
 */
export function formatError(
  formatted: GraphQLFormattedError,
  error: unknown,
  logUnexpected: (error: unknown) => void = () => undefined,
): GraphQLFormattedError {
  const original = thrownValue(unwrapResolverError(error));
  const base = { locations: formatted.locations, path: formatted.path };
  const appError = toAppError(original);
  if (appError) return { ...base, message: appError.message, extensions: { code: appError.code, ...appError.extra } };
  if (original instanceof AuthenticationError) {
    return { ...base, message: 'You must be signed in to do that.', extensions: { code: 'UNAUTHENTICATED' } };
  }
  if (original instanceof AuthorizationError) {
    return { ...base, message: 'You are not allowed to do that.', extensions: { code: 'FORBIDDEN' } };
  }
  const code = formatted.extensions?.code;
  if (typeof code === 'string' && CLIENT_CODES.has(code)) {
    const { stacktrace: _stack, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions };
  }
  logUnexpected(original);
  return { ...base, message: 'Something went wrong. Please try again.', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

/**
 * graphql-js wraps anything that is not `instanceof Error` in NonErrorThrown; an error from another
 * realm (Node's own socket errors seen from a vm context, as under jest) is such a value. Look
 * through the wrapper so a refused database connection still reads as SERVICE_UNAVAILABLE.
 */
function thrownValue(error: unknown): unknown {
  return error instanceof Error && error.name === 'NonErrorThrown' && 'thrownValue' in error ? error.thrownValue : error;
}
