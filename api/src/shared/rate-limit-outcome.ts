/**
 * What counting one write against the abuse limits (rate-limit-table.ts) reports: a value each
 * entry point sends back in its own way (REST and tus set headers from it, GraphQL over HTTP from
 * its request context in a response hook).
 */

/** The tighter of a caller's two limits (per student, per address) after one count. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  resetSeconds: number;
  windowSeconds: number;
  refused: boolean;
}

/** A refused limit is tighter than an open one; then the one with fewer left; then the later reset. */
export function isTighter(a: RateLimitState, b: RateLimitState): boolean {
  if (a.refused !== b.refused) return a.refused;
  if (a.remaining !== b.remaining) return a.remaining < b.remaining;
  return a.resetSeconds > b.resetSeconds;
}

/** Of two outcomes (either may be missing), the one the headers should report. */
export function tighterOf(a: RateLimitState | null, b: RateLimitState | null): RateLimitState | null {
  if (!a) return b;
  if (!b) return a;
  return isTighter(b, a) ? b : a;
}

/** The RateLimit response headers (IETF draft, the form express-rate-limit sends as "draft-7"). */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    RateLimit: `limit=${state.limit}, remaining=${state.remaining}, reset=${state.resetSeconds}`,
    'RateLimit-Policy': `${state.limit};w=${state.windowSeconds}`,
    ...(state.refused ? { 'Retry-After': String(state.resetSeconds) } : {}),
  };
}

/** Sets those headers on a response that has setHeader (Node's, Express's). */
export function setRateLimitHeaders(res: { setHeader(name: string, value: string): unknown }, state: RateLimitState): void {
  for (const [name, value] of Object.entries(rateLimitHeaders(state))) res.setHeader(name, value);
}
