import type { Logger } from './infra/logger';
import type { DataExportArchiveService } from './modules/data-export';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Data export archives in this process (the api's and `npm run worker`'s): their queue declared,
 * their workers started when `workers` asks (the api with TRANSCODE_WORKERS > 0, every worker
 * process), and expired archives swept every hour (as unfinished uploads are, http/create-media.ts).
 */
export async function startDataExportArchives(
  archives: DataExportArchiveService,
  options: { workers: number; logger: Logger },
): Promise<{ sweep(): Promise<number>; stop(): void }> {
  await archives.defineQueue();
  if (options.workers > 0) await archives.startWorkers(options.workers);
  const sweep = async () => {
    const removed = await archives.sweepExpired();
    if (removed) options.logger.info({ removed }, 'expired data export archives swept');
    return removed;
  };
  const timer = setInterval(() => {
    sweep().catch((error) => options.logger.warn({ err: error }, 'data export archive sweep failed'));
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return { sweep, stop: () => clearInterval(timer) };
}
