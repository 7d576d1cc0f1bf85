/**
 * video-processing: a new post's video transcoded on the job queue into renditions and posters;
 * the post's states (processing, ready, failed) and the author's live updates. Its public surface.
 */
export { postUpdatesTopic, type PostUpdateEvent } from './post-updates';
export { TRANSCODE, TRANSCODE_QUEUE } from './transcode-settings';
export { VideoProcessingResolver } from './video-processing.resolver';
export { VideoProcessingService, type TranscodeJobData, type VideoProcessingDeps } from './video-processing.service';
