import { DECODE_LIMITS } from '../uploads';

/** The queue a new post's video waits in, and where a job goes after its last failed attempt. */
export const TRANSCODE_QUEUE = 'video-transcode';
export const TRANSCODE_GAVE_UP_QUEUE = 'video-transcode-gave-up';

/**
 * The order clips are transcoded in, so no student can make another wait long (docs/media.md
 * "Fair transcoding"): a job's priority says how cheap it is; the general lane takes the highest
 * first (then the oldest), the express lane takes only short clips, so a 3 s clip never waits for a
 * long one to finish; a long clip passed over for AGE_AFTER_SECONDS jumps above the short ones in
 * the general lane (never into the express lane); and each student has at most one clip running.
 */
export const FAIR_ORDER = {
  /** Clips that cost up to this (seconds of 1080p, transcodeCost) may use the express lane. */
  expressMaxSeconds: 30,
  mediumMaxSeconds: 90,
  priority: { long: 0, medium: 1, express: 2, aged: 3 },
  /** Express slots per worker process, besides TRANSCODE_WORKERS general ones. */
  expressWorkers: 1,
  ageAfterSeconds: 60,
  ageCheckEverySeconds: 10,
};

/**
 * What a clip costs to transcode, in seconds of 1080p: a 4K clip costs four times its length.
 * A clip of unknown length counts as the longest allowed.
 */
export function transcodeCost(clip: { duration: number | null; width: number | null; height: number | null }): number {
  const pixels = (clip.width ?? 0) * (clip.height ?? 0);
  return (clip.duration ?? DECODE_LIMITS.maxDurationSeconds) * Math.max(1, pixels / (1920 * 1080));
}

/** Cheaper clips first: the cheapest get the express lane. */
export function transcodePriority(clip: { duration: number | null; width: number | null; height: number | null }): number {
  const cost = transcodeCost(clip);
  if (cost <= FAIR_ORDER.expressMaxSeconds) return FAIR_ORDER.priority.express;
  if (cost <= FAIR_ORDER.mediumMaxSeconds) return FAIR_ORDER.priority.medium;
  return FAIR_ORDER.priority.long;
}

/**
 * How a transcoding job runs. ffmpeg gets the lowest CPU and I/O priority (requests on a shared
 * host come first) and TRANSCODE_THREADS threads. So its limit is CPU time, which grows with the
 * clip (a busy host may starve it for a while; that says nothing about the file), sized for the
 * longest, largest clip allowed (3 minutes of 4K); the wall limit caps it, starved or not, and the
 * job expires a little after that, so pg-boss never retries a job whose ffmpeg may still run.
 * A worker that dies stops its heartbeat: its job is retried elsewhere after `heartbeatSeconds`.
 */
export const TRANSCODE = {
  niceness: 19,
  cpuLimitMs: (durationSeconds: number | null, threads: number) =>
    threads * (60_000 + 4_000 * Math.min(durationSeconds ?? DECODE_LIMITS.maxDurationSeconds, DECODE_LIMITS.maxDurationSeconds)),
  wallLimitMs: 12 * 60_000,
  /** Reading the upload again (ffprobe, posters): CPU time, and the wall limit above. */
  probeCpuLimitMs: 30_000,
  retryLimit: 3,
  retryDelaySeconds: 5,
  expireInSeconds: 14 * 60,
  heartbeatSeconds: 10,
  /** Progress is written and sent live at most this often (and at every 10%). */
  progressEveryMs: 1_000,
  failedMessage: 'This video could not be processed. It may be damaged; please delete this post and upload another file.',
};
