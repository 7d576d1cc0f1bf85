import type { RateLimitState } from './rate-limit-outcome';

/**
 * The errors a service may raise. Each entry point maps them once: GraphQL to extensions.code,
 * REST to an HTTP status. Messages are shown to users as they are.
 */
export type ErrorCode =
  'UNAUTHENTICATED' | 'FORBIDDEN' | 'FORBIDDEN_UNVERIFIED' | 'NOT_FOUND' | 'BAD_USER_INPUT' | 'RATE_LIMITED' | 'SERVICE_UNAVAILABLE';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message = 'You must be signed in to do that.') {
    super('UNAUTHENTICATED', message, 401);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do that.') {
    super('FORBIDDEN', message, 403);
  }
}

export const UNVERIFIED_EMAIL_MESSAGE = 'Please verify your e-mail address first.';

/** A verified-only write (posting, commenting, reporting...) by an account whose e-mail is not verified yet (D16). */
export class UnverifiedEmailError extends AppError {
  constructor(message = UNVERIFIED_EMAIL_MESSAGE) {
    super('FORBIDDEN_UNVERIFIED', message, 403);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super('NOT_FOUND', message, 404);
  }
}

/** Field-level input problems; `fields` maps an input field to the message shown under it. */
export class ValidationError extends AppError {
  constructor(readonly fields: Record<string, string>) {
    super('BAD_USER_INPUT', Object.values(fields)[0] ?? 'Invalid input', 400, { fields });
  }
}

/** A refused write; `state` is the limit that refused it, for the entry's RateLimit and Retry-After headers. */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(
    readonly state: RateLimitState,
    message = `Too many requests. Please wait ${state.resetSeconds} seconds and try again.`,
  ) {
    super('RATE_LIMITED', message, 429, {
      retryAfter: state.resetSeconds,
    });
    this.retryAfterSeconds = state.resetSeconds;
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(message = 'The service is temporarily unavailable. Please try again in a moment.') {
    super('SERVICE_UNAVAILABLE', message, 503);
  }
}

const UNAVAILABLE_CODES = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08003', '08006'];
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connect ECONNREFUSED|terminating connection|the database system is (starting up|shutting down)|timeout exceeded when trying to connect|Client (was closed|has encountered a connection error) and is not queryable/i;

/**
 * Errors that mean the database cannot be reached right now (connection refused, shutting down...).
 * The cause may sit under a wrapper: TypeORM's `driverError`, or an `Error.cause` (a transaction's
 * ROLLBACK on a connection the server already ended fails with pg's "Client was closed", and that
 * error is the one a caller sees).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, driverError, cause } = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
  if (typeof code === 'string' && UNAVAILABLE_CODES.includes(code)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  return isDatabaseUnavailable(driverError, depth + 1) || isDatabaseUnavailable(cause, depth + 1);
}

/** Text PostgreSQL cannot store or read as the type asked for (a NUL character, a malformed value). */
function isUnstorableInput(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code ?? (error as { driverError?: { code?: string } } | null)?.driverError?.code;
  return code === '22021' || code === '22P02' || code === '22P05' || code === '54000';
}

export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) return new ServiceUnavailableError();
  if (isUnstorableInput(error)) return new ValidationError({ input: 'Some of the text contains characters that cannot be saved.' });
  return null;
}
