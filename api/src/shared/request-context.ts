import { AsyncLocalStorage } from 'node:async_hooks';
import type { RateLimitState } from './rate-limiter';

/** Per-request facts that code deep in a call may need without threading them through: the request id and SQL count. */
export interface RequestContext {
  requestId: string;
  sqlStatements: number;
  /** The client's address (through trusted proxies), for per-address rate limits. */
  clientAddress?: string;
  /** Set when the request counted against a rate limit; reported in RateLimit headers. */
  rateLimit?: RateLimitState;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

export function currentRequest(): RequestContext | undefined {
  return requestContext.getStore();
}
