import {
  CombinedGraphQLErrors,
  CombinedProtocolErrors,
  LinkError,
  ServerError,
  ServerParseError,
  UnconventionalError,
} from '@apollo/client';
import { CAMPUS_MESSAGES, UNVERIFIED_CODE } from './campus-messages';

/**
 * The message to show for a failed GraphQL call: the server's own message when it sent one
 * (spec §8: "the message, or <fallback>"), else the screen's fallback. Network failures and
 * anything else get the fallback, never a raw technical message.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors.find((e) => typeof e.message === 'string' && e.message.trim() !== '');
    if (first) return first.message;
  }
  return fallback;
}

/**
 * True when the call got no answer from the server at all (offline, connection refused, DNS):
 * the link chain failed with something other than an HTTP or GraphQL answer. The spec's client
 * wrapper words these failures itself ('Connection failed' for feeds and sync, §8).
 */
export function isNetworkFailure(error: unknown): boolean {
  return (
    LinkError.is(error) &&
    !ServerError.is(error) &&
    !ServerParseError.is(error) &&
    !CombinedProtocolErrors.is(error) &&
    !UnconventionalError.is(error)
  );
}

/** True when the server answered, with GraphQL errors, a refused HTTP status or a body we could not read. */
export function isServerAnswer(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) || CombinedProtocolErrors.is(error) || ServerError.is(error) || ServerParseError.is(error);
}

/**
 * The spec's client call wrapper (§8): the server's message when it sent one, `noMessage` when it
 * answered without one, `unreachable` when it could not be reached; `otherwise` for anything else
 * (a failure that is neither, e.g. a thrown non-error value).
 */
export function callErrorMessage(error: unknown, messages: { unreachable: string; noMessage: string; otherwise: string }): string {
  if (isNetworkFailure(error)) return messages.unreachable;
  if (isServerAnswer(error)) return errorMessage(error, '') || messages.noMessage;
  return messages.otherwise;
}

/**
 * The server's "Too many requests. Please wait N seconds..." message when a write was refused by
 * an abuse limit (code RATE_LIMITED, HTTP 429), else null. Screens whose spec message is fixed
 * ('Failed to like post') still show this one: it tells the student what to do.
 */
export function rateLimitMessage(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const limited = error.errors.find((e) => e.extensions?.code === 'RATE_LIMITED');
  return limited?.message ?? null;
}

/**
 * The api's 'Please verify your e-mail address first.' when a verified-only write (post, comment,
 * report, mention, event) came from an account that has not verified its e-mail (code
 * FORBIDDEN_UNVERIFIED, issue 25), else null. Screens with a fixed failure message show this one.
 */
export function unverifiedMessage(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const refused = error.errors.find((e) => e.extensions?.code === UNVERIFIED_CODE);
  return refused ? refused.message || CAMPUS_MESSAGES.verifyFirst : null;
}

/** extensions.code of the first GraphQL error (UNAUTHENTICATED, NOT_FOUND, BAD_USER_INPUT...). */
export function errorCode(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const code = error.errors[0]?.extensions?.code;
  return typeof code === 'string' ? code : null;
}

/** Field-level messages of a BAD_USER_INPUT error: extensions.fields { [field]: message }. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!CombinedGraphQLErrors.is(error)) return {};
  for (const e of error.errors) {
    const fields = e.extensions?.fields;
    if (fields && typeof fields === 'object') return fields as Record<string, string>;
  }
  return {};
}

/**
 * Spec §8 (calendar): a refused HTTP call reads '<refusedPrefix><statusText>' (e.g. 'Failed to
 * save event: Service Unavailable'), an answer that is not JSON reads 'Invalid response format
 * from server'; GraphQL errors keep the server's message; anything else gets the fallback.
 */
export function callFailureMessage(error: unknown, refusedPrefix: string, fallback: string): string {
  if (ServerParseError.is(error)) return 'Invalid response format from server';
  if (ServerError.is(error)) return `${refusedPrefix}${error.response?.statusText || String(error.statusCode)}`;
  return errorMessage(error, fallback);
}
