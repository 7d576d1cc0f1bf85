import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import type { PgBoss, Job } from 'pg-boss' with { 'resolution-mode': 'import' };

/**
 * Durable background jobs on pg-boss, in the app's own PostgreSQL (or its embedded PGlite).
 *
 * Why pg-boss: a job is a row in the database the post lives in, so creating a post and queueing
 * its transcoding commit together or not at all (no post without its job, no job for a post that
 * was rolled back), with no second system to run or back up; it retries with backoff, a job
 * whose worker stops sending heartbeats (killed mid-transcode) is retried on another worker, and
 * it runs over PGlite too, so the embedded `npm start` still needs nothing but Node.js. BullMQ
 * would need Redis for every install and could not enqueue atomically with the post;
 * graphile-worker needs a pg connection of its own and LISTEN, which the embedded database's one
 * shared connection cannot give it.
 */
export interface JobQueue {
  readonly kind: 'postgres' | 'pglite';
  /** Declares a queue (idempotent); its options apply to every job sent to it. */
  defineQueue(name: string, options: QueueSettings): Promise<void>;
  /** Adds a job within the caller's transaction: it exists only if that transaction commits. */
  sendWithin(transaction: EntityManager, queue: string, data: object, options?: SendOptions): Promise<void>;
  /** Runs `handler` for jobs of `queue`, `concurrency` at a time in this process, until stopWorkers(). */
  work<T extends object>(
    queue: string,
    concurrency: number,
    handler: (job: QueuedJob<T>) => Promise<void>,
    options?: WorkOptions,
  ): Promise<void>;
  /**
   * Raises the priority of jobs that have waited `afterSeconds` at a priority below `below` to `to`
   * (ageing: a job passed over for cheaper ones still runs). Returns how many were raised.
   */
  promoteWaiting(queue: string, rule: PromoteRule): Promise<number>;
  /** How many jobs wait and run (as of pg-boss's last count, refreshed every few seconds). */
  counts(queue: string): Promise<{ queued: number; active: number; failed: number }>;
  /**
   * Every queue: its counts as of pg-boss's last count (every JOB_SUPERVISE_SECONDS) and how long
   * its oldest waiting job has waited, read now (queue metrics, `npm run admin -- queue`).
   */
  queues(): Promise<QueueState[]>;
  /** Jobs of `queue` whose last attempt failed (as long as pg-boss keeps them), oldest first. */
  failedJobs<T extends object>(queue: string, limit?: number): Promise<Array<{ id: string; data: T }>>;
  /** Puts failed jobs of `queue` back to be run again, with their retries anew; how many went back. */
  retry(queue: string, ids: string[]): Promise<number>;
  /** Stops taking jobs and waits (up to `timeoutMs`) for running ones; the rest are retried elsewhere. */
  stopWorkers(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface QueueState {
  name: string;
  /** Waiting, including `deferred` (waiting for a retry's delay). */
  queued: number;
  deferred: number;
  active: number;
  /** Failed for good, as long as pg-boss keeps them (a rolling count, not a total). */
  failed: number;
  /** Seconds the oldest waiting job has waited since it was sent; null when none waits. */
  oldestQueuedSeconds: number | null;
}

export interface QueuedJob<T> {
  id: string;
  data: T;
  /** 0 on the first attempt. */
  retryCount: number;
  /** Aborted when this worker no longer holds the job (it was retried elsewhere). */
  signal: AbortSignal;
}

export interface SendOptions {
  /** Higher runs first (then oldest first); 0 by default. */
  priority?: number;
  /** Jobs of one group (one student's) that `onePerGroup` workers run one at a time. */
  group?: string;
}

export interface WorkOptions {
  /** At most one running job per group across every worker of the queue, on every host. */
  onePerGroup?: boolean;
  /** Takes only jobs of at least / at most this priority (a lane reserved for some jobs). */
  minPriority?: number;
  maxPriority?: number;
  /** Checks every `everySeconds` for jobs to promote (promoteWaiting) while these workers run. */
  ageing?: PromoteRule & { everySeconds: number };
}

export interface PromoteRule {
  afterSeconds: number;
  below: number;
  to: number;
}

export interface QueueSettings {
  retryLimit: number;
  /** First retry delay in seconds, doubled (with jitter) each time. */
  retryDelaySeconds: number;
  /** A job running longer than this is given up and retried. */
  expireInSeconds: number;
  /** A running job whose worker sent no heartbeat for this long is retried (>= 10). */
  heartbeatSeconds: number;
  /** Where a job goes after its last failed attempt. */
  deadLetter?: string;
}

/** Told of every job attempt this process runs (queue-metrics.ts). */
export interface JobObserver {
  started(queue: string, retryCount: number): void;
  ended(queue: string, outcome: 'completed' | 'failed', seconds: number): void;
}

export interface JobQueueOptions {
  /** PostgreSQL; omitted for the embedded database, which is reached through `dataSource`. */
  databaseUrl: string | null;
  dataSource: DataSource;
  /** How often idle workers look for jobs, and how often stalled jobs are looked for. */
  pollingIntervalSeconds?: number;
  superviseIntervalSeconds?: number;
  onError(error: unknown): void;
  observer?: JobObserver;
}

export async function openJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { PgBoss } = await import('pg-boss');
  const embedded = options.databaseUrl === null;
  const polling = options.pollingIntervalSeconds ?? 1;
  const boss: PgBoss = new PgBoss({
    ...(embedded
      ? {
          backend: 'pglite' as const,
          db: { executeSql: (text: string, values?: unknown[]) => runOn(options.dataSource, text, values) as Promise<{ rows: Row[] }> },
        }
      : { connectionString: options.databaseUrl!, max: 4, application_name: 'campus-clips-jobs' }),
    superviseIntervalSeconds: options.superviseIntervalSeconds ?? 10,
    monitorIntervalSeconds: options.superviseIntervalSeconds ?? 10,
    schedule: false,
    persistWarnings: false,
    // A job carries the trace context of the request that sent it, and its work continues that
    // trace (infra/telemetry). Without a tracing SDK (the default) this stores nothing and costs nothing.
    openTelemetry: { propagateContext: true },
  });
  boss.on('error', options.onError);
  await boss.start();
  const workers: Array<{ queue: string; id: string }> = [];
  const timers: NodeJS.Timeout[] = [];

  async function promoteWaiting(queue: string, rule: PromoteRule): Promise<number> {
    // Oldest first; a queue this app fills holds at most a few thousand waiting jobs.
    const waiting = await boss.findJobs(queue, { queued: true, limit: 5_000 });
    const due = Date.now() - rule.afterSeconds * 1000;
    let promoted = 0;
    for (const job of waiting) {
      if (job.priority >= rule.below || new Date(job.createdOn).getTime() > due) continue;
      const { updated } = await boss.update({ name: queue, options: { id: job.id, priority: rule.to } });
      promoted += updated;
    }
    return promoted;
  }

  return {
    kind: embedded ? 'pglite' : 'postgres',
    async defineQueue(name, settings) {
      const queueOptions = {
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: settings.expireInSeconds,
        heartbeatSeconds: settings.heartbeatSeconds,
        ...(settings.deadLetter ? { deadLetter: settings.deadLetter } : {}),
      };
      if (await boss.getQueue(name)) await boss.updateQueue(name, queueOptions);
      else await boss.createQueue(name, queueOptions);
    },
    async sendWithin(transaction, queue, data, options = {}) {
      const runner = transaction.queryRunner;
      if (!runner) throw new Error('sendWithin needs a transaction (EntityManager of dataSource.transaction)');
      await boss.send(queue, data, {
        ...(options.priority !== undefined ? { priority: options.priority } : {}),
        ...(options.group !== undefined ? { group: { id: options.group } } : {}),
        db: { executeSql: (text: string, values?: unknown[]) => runWith(runner, text, values) as Promise<{ rows: Row[] }> },
      });
    },
    async work<T extends object>(
      queue: string,
      concurrency: number,
      handler: (job: QueuedJob<T>) => Promise<void>,
      lane: WorkOptions = {},
    ) {
      const id = await boss.work<T>(
        queue,
        {
          localConcurrency: concurrency,
          batchSize: 1,
          pollingIntervalSeconds: polling,
          ...(lane.onePerGroup ? { groupConcurrency: 1 } : {}),
          ...(lane.minPriority !== undefined ? { minPriority: lane.minPriority } : {}),
          ...(lane.maxPriority !== undefined ? { maxPriority: lane.maxPriority } : {}),
        },
        async ([job]: Job<T>[]) => {
          const started = performance.now();
          const seconds = () => (performance.now() - started) / 1000;
          options.observer?.started(queue, job!.retryCount);
          try {
            await handler({ id: job!.id, data: job!.data, retryCount: job!.retryCount, signal: job!.signal });
          } catch (error) {
            options.observer?.ended(queue, 'failed', seconds());
            throw error;
          }
          options.observer?.ended(queue, 'completed', seconds());
        },
      );
      workers.push({ queue, id });
      const ageing = lane.ageing;
      if (ageing) {
        const timer = setInterval(() => {
          promoteWaiting(queue, ageing).catch(options.onError);
        }, ageing.everySeconds * 1000);
        timer.unref();
        timers.push(timer);
      }
    },
    promoteWaiting,
    async counts(queue) {
      const found = await boss.getQueue(queue);
      return { queued: found?.queuedCount ?? 0, active: found?.activeCount ?? 0, failed: found?.failedCount ?? 0 };
    },
    async queues() {
      const found = await boss.getQueues();
      const now = Date.now();
      return Promise.all(
        found.map(async (queue) => {
          // Read now, not from the last count; findJobs answers oldest first.
          const [oldest] = await boss.findJobs(queue.name, { queued: true, limit: 1 });
          return {
            name: queue.name,
            queued: queue.queuedCount,
            deferred: queue.deferredCount,
            active: queue.activeCount,
            failed: queue.failedCount,
            oldestQueuedSeconds: oldest ? Math.max(0, (now - new Date(oldest.createdOn).getTime()) / 1000) : null,
          };
        }),
      );
    },
    async failedJobs<T extends object>(queue: string, limit = 1000) {
      const jobs = await boss.findJobs<T>(queue, { limit: 100_000 });
      return jobs
        .filter((job) => job.state === 'failed')
        .slice(0, limit)
        .map((job) => ({ id: job.id, data: job.data }));
    },
    async retry(queue, ids) {
      if (!ids.length) return 0;
      // (pg-boss's typings leave CommandResponse empty; it carries the count.)
      const { affected } = (await boss.retry(queue, ids)) as { affected?: number };
      return affected ?? 0;
    },
    async stopWorkers(timeoutMs = 10_000) {
      for (const timer of timers.splice(0)) clearInterval(timer);
      const stops = workers.splice(0).map(({ queue, id }) => boss.offWork(queue, { id, wait: true }));
      await Promise.race([Promise.all(stops), new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
    },
    async close() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      await boss.stop({ graceful: true, timeout: 10_000, close: true });
    },
  };
}

type Row = Record<string, unknown>;

/** pg-boss's statements on the app's own connection (the embedded database has exactly one). */
async function runOn(dataSource: DataSource, text: string, values?: unknown[]): Promise<unknown> {
  const runner = dataSource.createQueryRunner();
  try {
    return await runWith(runner, text, values);
  } finally {
    await runner.release();
  }
}

async function runWith(runner: QueryRunner, text: string, values?: unknown[]): Promise<unknown> {
  // The driver's own answer, past TypeORM's shaping: pg-boss needs every statement's rows of a
  // multi-statement query (an array of results), which TypeORM's query() drops.
  const connection = (await runner.connect()) as { query(text: string, values?: unknown[]): Promise<unknown> };
  const raw = await connection.query(text, values);
  return Array.isArray(raw) ? raw : { rows: (raw as { rows?: Row[] }).rows ?? [] };
}
