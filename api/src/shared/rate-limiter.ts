import Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimitedError } from './errors';
import { RATE_LIMITS, type LimitedAction, type LimitWindow } from './rate-limits';
import { currentRequest } from './request-context';

/** Who is acting: the verified student and, for requests over HTTP, the client's address. */
export interface Caller {
  uid?: string | null;
  address?: string | null;
}

/** The tighter of a request's two limits, as the RateLimit headers report it. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  resetSeconds: number;
  windowSeconds: number;
  refused: boolean;
}

export interface RateLimiter {
  /**
   * Counts one `action` for the caller (the address defaults to the current request's), and throws
   * RateLimitedError when the student or the address is over its limit. The outcome is recorded on
   * the request so its response carries RateLimit headers.
   */
  consume(action: LimitedAction, caller: Caller): Promise<void>;
  close(): Promise<void>;
}

/**
 * Counters live in Redis when REDIS_URL is set, so every api instance counts against the same
 * limits; in process memory otherwise. If Redis is away, each instance falls back to its own memory
 * counters instead of failing or stalling the write.
 */
export function createRateLimiter(options: { enabled: boolean; redisUrl: string | null }): RateLimiter {
  if (!options.enabled) return { consume: async () => undefined, close: async () => undefined };

  const redis = options.redisUrl ? new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) : null;
  redis?.on('error', () => undefined); // reconnects by itself; the memory fallback covers the gap

  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterFor = (action: LimitedAction, scope: 'student' | 'address', window: LimitWindow) => {
    const keyPrefix = `campus:rl:${action}:${scope}`;
    let limiter = limiters.get(keyPrefix);
    if (!limiter) {
      const base = { keyPrefix, points: window.points, duration: window.seconds };
      limiter = redis
        ? new RateLimiterRedis({ ...base, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(base) })
        : new RateLimiterMemory(base);
      limiters.set(keyPrefix, limiter);
    }
    return limiter;
  };

  return {
    async consume(action, caller) {
      const limits = RATE_LIMITS[action];
      const address = caller.address ?? currentRequest()?.clientAddress ?? null;
      const checks: Array<{ window: LimitWindow; outcome: Promise<RateLimiterRes> }> = [];
      if (caller.uid) checks.push({ window: limits.perStudent, outcome: consumeOne(limiterFor(action, 'student', limits.perStudent), caller.uid) });
      if (address) checks.push({ window: limits.perAddress, outcome: consumeOne(limiterFor(action, 'address', limits.perAddress), address) });
      const results = await Promise.all(checks.map(async (check) => ({ window: check.window, res: await check.outcome })));
      if (!results.length) return;

      const states = results.map(({ window, res }) => toState(window, res));
      const tightest = states.reduce((a, b) => (tighter(b, a) ? b : a));
      const request = currentRequest();
      if (request) request.rateLimit = tightest;
      if (tightest.refused) throw new RateLimitedError(tightest.resetSeconds);
    },
    async close() {
      redis?.disconnect();
    },
  };
}

/** rate-limiter-flexible rejects with the RateLimiterRes when over the limit; other rejections are store faults. */
async function consumeOne(limiter: RateLimiterAbstract, key: string): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key);
  } catch (outcome) {
    if (outcome instanceof RateLimiterRes) return outcome;
    throw outcome;
  }
}

function toState(window: LimitWindow, res: RateLimiterRes): RateLimitState {
  return {
    limit: window.points,
    remaining: Math.max(0, window.points - res.consumedPoints),
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    windowSeconds: window.seconds,
    refused: res.consumedPoints > window.points,
  };
}

/** A refused limit is tighter than an open one; then the one with fewer left; then the later reset. */
function tighter(a: RateLimitState, b: RateLimitState): boolean {
  if (a.refused !== b.refused) return a.refused;
  if (a.remaining !== b.remaining) return a.remaining < b.remaining;
  return a.resetSeconds > b.resetSeconds;
}

/** The RateLimit response headers (IETF draft, the form express-rate-limit sends as "draft-7"). */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    RateLimit: `limit=${state.limit}, remaining=${state.remaining}, reset=${state.resetSeconds}`,
    'RateLimit-Policy': `${state.limit};w=${state.windowSeconds}`,
    ...(state.refused ? { 'Retry-After': String(state.resetSeconds) } : {}),
  };
}
