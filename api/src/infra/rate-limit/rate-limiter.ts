import Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimitedError } from '../../shared/errors';
import { isTighter, type RateLimitState } from '../../shared/rate-limit-outcome';
import { RATE_LIMITS, type LimitedAction, type LimitWindow, type RateLimitTable } from '../../shared/rate-limit-table';

export type { RateLimitState };

/** Who is acting: the verified student and, for requests over HTTP, the client's address (req.ip). */
export interface Caller {
  uid?: string | null;
  address?: string | null;
}

export interface RateLimiter {
  /**
   * Counts one `action` for the caller, per student and per address, and returns the tighter of the
   * two outcomes (null when nothing was counted: no caller, or limits off) for the entry to report.
   * Throws RateLimitedError, carrying that outcome, when either is over its limit.
   */
  consume(action: LimitedAction, caller: Caller): Promise<RateLimitState | null>;
  close(): Promise<void>;
}

/**
 * Counters live in Redis when REDIS_URL is set, so every api instance counts against the same
 * limits; in process memory otherwise. If Redis is away, each instance falls back to its own memory
 * counters instead of failing or stalling the write. `table` is the production table unless a test
 * passes its own (small limits reach a refusal in a few calls).
 */
export function createRateLimiter(options: { enabled: boolean; redisUrl: string | null; table?: RateLimitTable }): RateLimiter {
  if (!options.enabled) return { consume: async () => null, close: async () => undefined };
  const table: RateLimitTable = options.table ?? RATE_LIMITS;

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
      const limits = table[action];
      const address = caller.address ?? null;
      const checks: Array<{ window: LimitWindow; outcome: Promise<RateLimiterRes> }> = [];
      if (caller.uid && limits.perStudent)
        checks.push({ window: limits.perStudent, outcome: consumeOne(limiterFor(action, 'student', limits.perStudent), caller.uid) });
      if (address)
        checks.push({ window: limits.perAddress, outcome: consumeOne(limiterFor(action, 'address', limits.perAddress), address) });
      const results = await Promise.all(checks.map(async (check) => ({ window: check.window, res: await check.outcome })));
      if (!results.length) return null;

      const states = results.map(({ window, res }) => toState(window, res));
      const tightest = states.reduce((a, b) => (isTighter(b, a) ? b : a));
      if (tightest.refused) throw new RateLimitedError(tightest, limits.refusal?.(tightest.resetSeconds));
      return tightest;
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
