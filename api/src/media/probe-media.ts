import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import { promisify } from 'node:util';
import type { FfmpegBinaries } from './ffmpeg-binaries';

const run = promisify(execFile);
const PROBE_TIMEOUT_MS = 30_000;

export interface VideoProbe {
  duration: number | null;
  width: number;
  height: number;
}

/** Duration and size of the first video stream; null when ffprobe cannot decode the file as video. */
export async function probeVideo(binaries: FfmpegBinaries, file: string): Promise<VideoProbe | null> {
  let stdout: string;
  try {
    ({ stdout } = await run(
      binaries.ffprobe,
      ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height,duration:stream_tags=rotate:stream_side_data=rotation:format=duration', '-of', 'json', file],
      { timeout: PROBE_TIMEOUT_MS, maxBuffer: 1024 * 1024 },
    ));
  } catch {
    return null;
  }
  const parsed = JSON.parse(stdout) as {
    streams?: {
      width?: number;
      height?: number;
      duration?: string;
      tags?: { rotate?: string };
      side_data_list?: { rotation?: number }[];
    }[];
    format?: { duration?: string };
  };
  const stream = parsed.streams?.[0];
  if (!stream?.width || !stream.height) return null;
  const duration = Number(stream.duration ?? parsed.format?.duration);
  // Phones record portrait video as landscape plus a rotation (a display matrix, or in older
  // files a rotate tag); report the size the viewer sees.
  const rotation = stream.side_data_list?.find((side) => side.rotation !== undefined)?.rotation ?? Number(stream.tags?.rotate ?? 0);
  const rotated = Math.abs(rotation) % 180 === 90;
  return {
    duration: Number.isFinite(duration) && duration > 0 ? Math.round(duration * 1000) / 1000 : null,
    width: rotated ? stream.height : stream.width,
    height: rotated ? stream.width : stream.height,
  };
}

/**
 * Writes one JPEG frame near the start (at 10% of the clip, at most 1 s in, so a fade-in from
 * black does not become the poster; the very first frame if that fails). Returns false when no
 * frame can be decoded at all: the file only looks like a video.
 */
export async function extractPoster(binaries: FfmpegBinaries, file: string, out: string, duration: number | null): Promise<boolean> {
  const preferred = duration ? Math.min(1, duration * 0.1) : 0;
  for (const at of preferred > 0 ? [preferred, 0] : [0]) {
    try {
      await run(
        binaries.ffmpeg,
        ['-v', 'error', '-y', '-ss', at.toFixed(3), '-i', file, '-frames:v', '1', '-vf', "scale='min(720,iw)':-2", '-q:v', '4', out],
        { timeout: PROBE_TIMEOUT_MS, maxBuffer: 1024 * 1024 },
      );
      if ((await fsp.stat(out)).size > 0) return true;
    } catch {
      // try the next position
    }
  }
  return false;
}
