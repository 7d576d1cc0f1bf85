// First: tracing (when configured) must hook http and pg before they load.
import { tracing } from './telemetry';
import 'reflect-metadata';
import http from 'node:http';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './infra/db/data-source';
import { createLogger } from './infra/logger';
import { openMediaStore } from './infra/media/open-media-store';
import { createAppPubSub } from './infra/pubsub/pubsub';
import { openJobQueue } from './infra/queue/job-queue';
import { createQueueMetrics } from './infra/queue/queue-metrics';
import { createProcessRegistry } from './infra/telemetry/process-metrics';
import { ENTITIES } from './modules/entities';
import { UploadRecords } from './modules/uploads';
import { createVideoProcessing } from './video-processing-wiring';
import { startDataExportArchives } from './data-export-wiring';
import { DataExportArchiveService, DataExportService } from './modules/data-export';
import { VERSION } from './version';

/**
 * `npm run worker`: a process that transcodes (TRANSCODE_WORKERS at a time, default 1) and builds
 * students' data export archives, on
 * the same database, media store and Redis as the api. Run as many as the videos need; a worker
 * killed mid-job loses nothing: its job is retried on another once its heartbeat stops. With
 * HEALTH_PORT it answers GET /healthz (alive while it reaches its database) and GET /metrics
 * (Prometheus: the queue, its own jobs' outcomes and durations, Node's own).
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, process.cwd(), 'tool');
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) console.error(`config: ${problem}`);
      process.exit(1);
    }
    throw error;
  }
  if (!config.databaseUrl) {
    console.error(
      'config: a worker needs DATABASE_URL (the embedded database belongs to one process; the api transcodes in-process there)',
    );
    process.exit(1);
  }
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config, ENTITIES, (message, detail) => logger.warn({ detail }, message));
  const pubsub = createAppPubSub(config.redisUrl);
  const store = await openMediaStore(config);
  const registry = createProcessRegistry();
  const queueMetrics = createQueueMetrics(registry, (error) => logger.warn({ err: error }, 'queue metrics'));
  const jobs = await openJobQueue({
    databaseUrl: config.databaseUrl,
    dataSource: database.dataSource,
    pollingIntervalSeconds: config.jobPollSeconds,
    superviseIntervalSeconds: config.jobSuperviseSeconds,
    onError: (error) => logger.warn({ err: error }, 'job queue'),
    observer: queueMetrics.observer,
  });
  queueMetrics.watch(jobs);
  await createVideoProcessing({
    config: { ...config, transcodeWorkers: Math.max(1, config.transcodeWorkers) },
    database,
    jobs,
    store,
    records: new UploadRecords(database.dataSource),
    pubsub,
    logger,
  });
  // Students' data export archives too (one at a time: a few a day, each reading the student's media once).
  const archives = new DataExportArchiveService(database.dataSource, new DataExportService(database.dataSource), { queue: jobs, store });
  const exportArchives = await startDataExportArchives(archives, { workers: 1, logger });
  logger.info({ concurrency: Math.max(1, config.transcodeWorkers), store: store.description }, 'Campus Clips worker transcoding');
  // For container health checks and Prometheus (HEALTH_PORT): /metrics, and anything else is the health check.
  const healthPort = config.workerHealthPort;
  const json = (status: string) => JSON.stringify({ status, version: VERSION });
  const health = healthPort
    ? http
        .createServer((req, res) => {
          if (req.url?.split('?')[0] === '/metrics') {
            registry
              .metrics()
              .then((text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text))
              .catch(() => res.writeHead(500).end());
            return;
          }
          database.dataSource
            .query('SELECT 1')
            .then(() => res.writeHead(200, { 'content-type': 'application/json' }).end(json('ok')))
            .catch(() => res.writeHead(503, { 'content-type': 'application/json' }).end(json('database unreachable')));
        })
        .listen(healthPort, '0.0.0.0')
    : null;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker stopping');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    health?.close();
    exportArchives.stop();
    await jobs.stopWorkers(10_000);
    await jobs.close();
    await store.close();
    await pubsub.close();
    await database.close();
    await tracing?.shutdown();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
