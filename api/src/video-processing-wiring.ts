import type { Config } from './config';
import type { Database } from './infra/db/data-source';
import type { Logger } from './infra/logger';
import type { MediaStore } from './infra/media/media-store';
import type { AppPubSub } from './infra/pubsub/pubsub';
import type { JobQueue } from './infra/queue/job-queue';
import type { UploadRecords } from './modules/uploads';
import { postUpdatesTopic, type PostUpdateEvent, VideoProcessingService } from './modules/video-processing';

/**
 * The transcoding service over this process's database, queue, store and PubSub (the api's and
 * `npm run worker`'s), with its workers started when `config.transcodeWorkers` asks for them.
 */
export async function createVideoProcessing(deps: {
  config: Config;
  database: Database;
  jobs: JobQueue;
  store: MediaStore;
  records: UploadRecords;
  pubsub: AppPubSub;
  logger: Logger;
}): Promise<VideoProcessingService> {
  const { source: _source, ...binaries } = deps.config.ffmpeg;
  const service = new VideoProcessingService({
    db: deps.database.dataSource,
    queue: deps.jobs,
    store: deps.store,
    records: deps.records,
    binaries,
    threads: deps.config.transcodeThreads,
    niceness: deps.config.transcodeNiceness,
    publish: (post) => {
      const event: PostUpdateEvent = { postId: post.id, authorUid: post.authorUid };
      void deps.pubsub.publish(postUpdatesTopic(post.authorUid), event);
    },
    log: deps.logger,
  });
  await service.defineQueues();
  if (deps.config.transcodeWorkers > 0) await service.startWorkers(deps.config.transcodeWorkers);
  return service;
}
