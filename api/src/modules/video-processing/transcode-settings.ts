import { DECODE_LIMITS } from '../uploads';

/** The queue a new post's video waits in, and where a job goes after its last failed attempt. */
export const TRANSCODE_QUEUE = 'video-transcode';
export const TRANSCODE_GAVE_UP_QUEUE = 'video-transcode-gave-up';

/**
 * How a transcoding job runs. The time limit grows with the clip (a 10-minute clip on 2 threads
 * takes a few minutes) and is capped; the job expires a little after it, so pg-boss never retries
 * a job whose ffmpeg is still allowed to run. A worker that dies stops its heartbeat: its job is
 * retried elsewhere after `heartbeatSeconds`.
 */
export const TRANSCODE = {
  threads: DECODE_LIMITS.threads,
  /** Below requests: an api and a worker on one host keep answering while it transcodes. */
  niceness: 10,
  timeLimitMs: (durationSeconds: number | null) =>
    Math.min(30 * 60_000, 60_000 + 3_000 * (durationSeconds ?? DECODE_LIMITS.maxDurationSeconds)),
  retryLimit: 3,
  retryDelaySeconds: 5,
  expireInSeconds: 35 * 60,
  heartbeatSeconds: 10,
  /** Progress is written and sent live at most this often (and at every 10%). */
  progressEveryMs: 1_000,
  failedMessage: 'This video could not be processed. It may be damaged; please delete this post and upload another file.',
};
