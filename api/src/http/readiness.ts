import type { RequestHandler } from 'express';
import Redis from 'ioredis';
import type { DataSource } from 'typeorm';

const CHECK_TIMEOUT_MS = 2000;

/** Work this process must finish before it takes traffic (main.ts: loading the demo campus). */
const startupWork = new Set<Promise<unknown>>();

/** /readyz answers 503 'starting' until `work` settles: ready means a student finds what this start promised. */
export function notReadyUntil(work: Promise<unknown>): void {
  startupWork.add(work);
  const done = () => startupWork.delete(work);
  work.then(done, done);
}

export interface Readiness {
  /** GET /readyz: 200 when start-up is done and the database (and Redis, when configured) answer; 503 otherwise. */
  handler: RequestHandler;
  close(): Promise<void>;
}

/**
 * Readiness for a load balancer: can this instance serve right now? It pings the database and,
 * when REDIS_URL is set, Redis (live comments and shared rate limits depend on it) on its own
 * small connection, each with a short timeout so a hung dependency reads as "not ready".
 */
export function createReadiness(deps: { dataSource: DataSource; redisUrl: string | null }): Readiness {
  const redis = deps.redisUrl
    ? new Redis(deps.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: CHECK_TIMEOUT_MS })
    : null;
  redis?.on('error', () => undefined); // reported through /readyz, reconnects by itself

  const handler: RequestHandler = async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (startupWork.size) {
      res.status(503).json({ status: 'starting' });
      return;
    }
    const [database, redisState] = await Promise.all([
      check(() => deps.dataSource.query('SELECT 1')),
      redis ? check(() => redis.ping()) : Promise.resolve(null),
    ]);
    // Without the database nothing works: out of rotation. Without Redis only live comments pause
    // (rate limits fall back to memory), and every instance shares the same Redis, so taking them
    // all out would turn a pause into an outage: ready, but degraded, and say which part.
    const ready = database === 'ok';
    const status = !ready ? 'unavailable' : redisState === 'unreachable' ? 'degraded' : 'ready';
    res.status(ready ? 200 : 503).json({
      status,
      database,
      ...(redisState && { redis: redisState }),
    });
  };

  return {
    handler,
    async close() {
      redis?.disconnect();
    },
  };
}

async function check(ping: () => Promise<unknown>): Promise<'ok' | 'unreachable'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}
