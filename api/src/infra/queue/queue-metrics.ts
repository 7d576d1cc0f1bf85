import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { JobObserver, JobQueue, QueueState } from './job-queue';

/**
 * Job queue metrics, from the api and from `npm run worker` alike:
 * - what the queue holds, read from the database when scraped (the same on every process):
 *   `campus_queue_jobs{queue,state}` (waiting, deferred, running, failed) and
 *   `campus_queue_oldest_job_age_seconds{queue}`;
 * - what this process's workers did: `campus_queue_jobs_completed_total`, `..._failed_total`
 *   (attempts that threw; pg-boss retries them until the queue's limit), `..._retried_total`
 *   (attempts that were retries) and `campus_queue_job_duration_seconds{queue,outcome}`.
 */
export interface QueueMetrics {
  /** For openJobQueue: told of every attempt this process runs. */
  observer: JobObserver;
  /** Reads the queue's state from `jobs` when scraped. */
  watch(jobs: JobQueue): void;
}

/** A scrape reads both gauges; one read of the queues serves them (and scrapes close together). */
const SNAPSHOT_MS = 1000;

/** `onError`: a read of the queues that failed (the gauges then keep their last values). */
export function createQueueMetrics(registry: Registry, onError: (error: unknown) => void = () => undefined): QueueMetrics {
  let jobs: JobQueue | null = null;
  let snapshot: { at: number; states: Promise<QueueState[]> } | null = null;
  const states = async (): Promise<QueueState[]> => {
    if (!jobs) return [];
    if (!snapshot || Date.now() - snapshot.at > SNAPSHOT_MS) snapshot = { at: Date.now(), states: jobs.queues() };
    // A database that does not answer leaves the gauges as they were: /metrics still answers.
    return snapshot.states.catch((error: unknown) => {
      onError(error);
      return [];
    });
  };

  new Gauge({
    name: 'campus_queue_jobs',
    help: 'Jobs in each queue by state (waiting includes deferred), as of pg-boss\u2019s last count',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      for (const queue of await states()) {
        this.set({ queue: queue.name, state: 'waiting' }, queue.queued);
        this.set({ queue: queue.name, state: 'deferred' }, queue.deferred);
        this.set({ queue: queue.name, state: 'running' }, queue.active);
        this.set({ queue: queue.name, state: 'failed' }, queue.failed);
      }
    },
  });
  new Gauge({
    name: 'campus_queue_oldest_job_age_seconds',
    help: 'Seconds the oldest waiting job of each queue has waited (0 when none waits)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const queue of await states()) this.set({ queue: queue.name }, queue.oldestQueuedSeconds ?? 0);
    },
  });
  const completed = new Counter({
    name: 'campus_queue_jobs_completed_total',
    help: 'Job attempts this process completed',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const failed = new Counter({
    name: 'campus_queue_jobs_failed_total',
    help: 'Job attempts this process ran that failed (retried until the queue\u2019s limit)',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const retried = new Counter({
    name: 'campus_queue_jobs_retried_total',
    help: 'Job attempts this process started that were retries',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'campus_queue_job_duration_seconds',
    help: 'Time one job attempt took in this process, by outcome',
    labelNames: ['queue', 'outcome'] as const,
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
    registers: [registry],
  });

  return {
    observer: {
      started(queue, retryCount) {
        if (retryCount > 0) retried.inc({ queue });
      },
      ended(queue, outcome, seconds) {
        (outcome === 'completed' ? completed : failed).inc({ queue });
        duration.observe({ queue, outcome }, seconds);
      },
    },
    watch(watched) {
      jobs = watched;
    },
  };
}
