import fsp from 'node:fs/promises';
import type { FfmpegBinaries } from './ffmpeg-binaries';
import { MediaToolTimeout, runTool, type ToolLimits } from './run-tool';

export interface VideoProbe {
  duration: number | null;
  /** The picture as the viewer sees it (rotation applied). */
  width: number;
  height: number;
}

/** What transcoding needs besides the size: the frame rate (null when unknown), whether there is sound, and its text subtitle streams. */
export interface SourceProbe extends VideoProbe {
  frameRate: number | null;
  hasAudio: boolean;
  /** Text subtitle streams (phones' and editors' mov_text, SubRip, WebVTT, ASS), by their index in the file. */
  subtitles: SubtitleStream[];
}

export interface SubtitleStream {
  /** The stream's index in the file (`-map 0:<index>`). */
  index: number;
  codec: string;
  /** As the file tags it: ISO 639-2 ('eng') or a BCP 47 tag; null when untagged. */
  language: string | null;
  title: string | null;
}

/** Subtitle codecs that are text (ffmpeg can write them as WebVTT); bitmap ones (DVD, PGS) are not captions we can read. */
const TEXT_SUBTITLE_CODECS = new Set(['mov_text', 'subrip', 'srt', 'webvtt', 'ass', 'ssa', 'text']);

/**
 * Duration and size of the first video stream; null when ffprobe cannot decode the file as video.
 * Throws MediaToolTimeout when ffprobe passes the time limit.
 */
export async function probeVideo(binaries: FfmpegBinaries, file: string, limits: ToolLimits): Promise<SourceProbe | null> {
  let stdout: string;
  try {
    stdout = await runTool(
      binaries.ffprobe,
      [
        '-v',
        'error',
        '-show_entries',
        'stream=index,codec_type,codec_name,width,height,duration,avg_frame_rate:stream_tags=rotate,language,title:stream_side_data=rotation:format=duration',
        '-of',
        'json',
        file,
      ],
      limits,
    );
  } catch (error) {
    if (error instanceof MediaToolTimeout) throw error;
    return null;
  }
  const parsed = JSON.parse(stdout) as {
    streams?: {
      index?: number;
      codec_type?: string;
      codec_name?: string;
      avg_frame_rate?: string;
      width?: number;
      height?: number;
      duration?: string;
      tags?: { rotate?: string; language?: string; title?: string };
      side_data_list?: { rotation?: number }[];
    }[];
    format?: { duration?: string };
  };
  const stream = parsed.streams?.find((candidate) => candidate.codec_type === 'video');
  if (!stream?.width || !stream.height) return null;
  let duration = Number(stream.duration ?? parsed.format?.duration);
  // A browser's recording (MediaRecorder's WebM) is written as it streams and names no duration:
  // read it from the packets' timestamps, so the length limit holds for it too.
  if (!(Number.isFinite(duration) && duration > 0)) duration = await durationFromPackets(binaries, file, limits);
  // Phones record portrait video as landscape plus a rotation (a display matrix, or in older
  // files a rotate tag); report the size the viewer sees.
  const rotation = stream.side_data_list?.find((side) => side.rotation !== undefined)?.rotation ?? Number(stream.tags?.rotate ?? 0);
  const rotated = Math.abs(rotation) % 180 === 90;
  return {
    duration: Number.isFinite(duration) && duration > 0 ? Math.round(duration * 1000) / 1000 : null,
    width: rotated ? stream.height : stream.width,
    height: rotated ? stream.width : stream.height,
    frameRate: frameRateOf(stream.avg_frame_rate),
    hasAudio: parsed.streams?.some((candidate) => candidate.codec_type === 'audio') ?? false,
    subtitles: (parsed.streams ?? [])
      .filter((candidate) => candidate.codec_type === 'subtitle' && TEXT_SUBTITLE_CODECS.has(candidate.codec_name ?? ''))
      .map((candidate) => ({
        index: candidate.index ?? 0,
        codec: candidate.codec_name!,
        language: candidate.tags?.language ?? null,
        title: candidate.tags?.title ?? null,
      })),
  };
}

/**
 * The end of the last video packet, in seconds (NaN when there is none): ffprobe reads the whole
 * file without decoding it. Lines are read as they come, since a long clip prints more than runTool keeps.
 */
async function durationFromPackets(binaries: FfmpegBinaries, file: string, limits: ToolLimits): Promise<number> {
  let end = Number.NaN;
  let partial = '';
  const readLines = (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const [pts, length] = line.split(',').map(Number);
      const packetEnd = pts! + (Number.isFinite(length) ? length! : 0);
      if (Number.isFinite(packetEnd) && (Number.isNaN(end) || packetEnd > end)) end = packetEnd;
    }
  };
  try {
    await runTool(
      binaries.ffprobe,
      ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', file],
      limits,
      readLines,
    );
  } catch (error) {
    if (error instanceof MediaToolTimeout) throw error;
    return Number.NaN;
  }
  readLines('\n');
  return end;
}

/** ffprobe writes rates as fractions ("30000/1001"); "0/0" when it cannot tell. */
function frameRateOf(fraction: string | undefined): number | null {
  const [numerator, denominator] = (fraction ?? '').split('/').map(Number);
  const rate = numerator! / (denominator || 1);
  return Number.isFinite(rate) && rate > 0 ? rate : null;
}

/**
 * Writes one JPEG frame near the start (at 10% of the clip, at most 1 s in, so a fade-in from
 * black does not become the poster; the very first frame if that fails). Returns false when no
 * frame can be decoded at all: the file only looks like a video.
 */
export async function extractPoster(
  binaries: FfmpegBinaries,
  file: string,
  out: string,
  duration: number | null,
  limits: ToolLimits,
): Promise<boolean> {
  const preferred = duration ? Math.min(1, duration * 0.1) : 0;
  for (const at of preferred > 0 ? [preferred, 0] : [0]) {
    try {
      await runTool(
        binaries.ffmpeg,
        [
          ...['-v', 'error', '-y', '-threads', String(limits.threads), '-filter_threads', '1'],
          ...['-ss', at.toFixed(3), '-i', file, '-frames:v', '1', '-vf', "scale='min(720,iw)':-2", '-q:v', '4'],
          ...['-threads', String(limits.threads), out],
        ],
        limits,
      );
      if ((await fsp.stat(out)).size > 0) return true;
    } catch (error) {
      if (error instanceof MediaToolTimeout) throw error;
      // try the next position
    }
  }
  return false;
}
