import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FfmpegBinaries } from './ffmpeg-binaries';
import type { SourceProbe, SubtitleStream } from './probe-media';
import { runTool, type ToolLimits } from './run-tool';

/** One playable MP4 made from an upload: its picture size and the bit rate it was capped at. */
export interface RenditionPlan {
  /** '720p', '360p' or, for a smaller source, its own short side ('240p'). */
  label: string;
  width: number;
  height: number;
  maxKbps: number;
}

/** Short sides of the renditions, largest first; a source smaller than the first gets its own size instead (never upscaled). */
const LADDER = [
  { shortSide: 720, maxKbps: 2500 },
  { shortSide: 360, maxKbps: 800 },
];
/** Phones record 60 fps; 30 is plenty for a feed and halves the work. */
const MAX_FRAME_RATE = 30;

/**
 * The renditions for a source of this (displayed) size: each rung of the ladder the source reaches,
 * and the source's own size when it is between rungs or below the last, so nothing is upscaled and
 * a small clip still gets one rendition. Sizes are even (H.264 4:2:0 needs it).
 */
export function planRenditions(source: { width: number; height: number }): RenditionPlan[] {
  const shortSide = Math.min(source.width, source.height);
  const sizes = LADDER.filter((rung) => rung.shortSide <= shortSide);
  if (sizes.length === 0 || sizes[0]!.shortSide < shortSide) {
    const own = even(Math.min(shortSide, LADDER[0]!.shortSide));
    const rate = (LADDER.find((rung) => rung.shortSide <= own) ?? LADDER.at(-1)!).maxKbps;
    if (!sizes.some((rung) => rung.shortSide === own)) sizes.unshift({ shortSide: own, maxKbps: rate });
  }
  return sizes.map(({ shortSide: target, maxKbps }) => {
    const scale = target / shortSide;
    const width = source.width <= source.height ? target : even(source.width * scale);
    const height = source.width <= source.height ? even(source.height * scale) : target;
    return { label: `${target}p`, width: Math.max(2, even(width)), height: Math.max(2, even(height)), maxKbps };
  });
}

export function outputFrameRate(source: Pick<SourceProbe, 'frameRate'>): number {
  const rate = source.frameRate && source.frameRate <= 120 ? source.frameRate : MAX_FRAME_RATE;
  return Math.min(MAX_FRAME_RATE, Math.round(rate * 1000) / 1000);
}

function even(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}

export interface TranscodeRequest {
  input: string;
  source: SourceProbe;
  renditions: RenditionPlan[];
  /** One output file per rendition, same order. */
  outputs: string[];
  limits: ToolLimits;
  /** 0..1 as ffmpeg reports how far into the clip it is. */
  onProgress?: (fraction: number) => void;
}

/**
 * Decodes the upload once and writes every rendition in one ffmpeg run: H.264 (yuv420p, 8 bit,
 * High profile) + AAC stereo in MP4 with the index first (faststart), the phone's rotation applied
 * to the pixels, a constant frame rate (variable-rate phone clips play smoothly everywhere), the
 * sound only when the source has some, and no metadata at all (no location, device or encoder).
 */
export async function transcodeVideo(binaries: FfmpegBinaries, request: TranscodeRequest): Promise<void> {
  const { renditions, outputs, source, limits } = request;
  const fps = outputFrameRate(source);
  const labels = renditions.map((_, i) => `v${i}`);
  const split = renditions.length > 1 ? `split=${renditions.length}${labels.map((label) => `[s${label}]`).join('')};` : '';
  const scaled = renditions
    .map((rendition, i) => {
      const from = renditions.length > 1 ? `[s${labels[i]}]` : '';
      return `${from}scale=${rendition.width}:${rendition.height}:flags=bicubic,setsar=1,format=yuv420p[${labels[i]}]`;
    })
    .join(';');
  const graph = renditions.length > 1 ? `[0:v:0]fps=${fps},${split}${scaled}` : `[0:v:0]fps=${fps},${scaled}`;
  const perOutput = renditions.flatMap((rendition, i) => [
    ...['-map', `[${labels[i]}]`, ...(source.hasAudio ? ['-map', '0:a:0'] : [])],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-crf', '23'],
    ...['-maxrate', `${rendition.maxKbps}k`, '-bufsize', `${rendition.maxKbps * 2}k`, '-g', String(Math.round(fps * 2))],
    ...(source.hasAudio ? ['-c:a', 'aac', '-b:a', rendition.maxKbps >= 1000 ? '128k' : '96k', '-ac', '2'] : []),
    ...['-map_metadata', '-1', '-map_chapters', '-1', '-metadata:s:v', 'rotate=0'],
    ...['-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact'],
    ...['-movflags', '+faststart', '-threads', String(limits.threads), '-f', 'mp4', outputs[i]!],
  ]);
  const duration = source.duration ?? 0;
  let lastReported = -1;
  await runTool(
    binaries.ffmpeg,
    [
      ...['-v', 'error', '-nostats', '-y', '-threads', String(limits.threads), '-filter_threads', String(limits.threads)],
      ...['-i', request.input, '-filter_complex', graph, ...perOutput, '-progress', 'pipe:1'],
    ],
    limits,
    (chunk) => {
      if (!request.onProgress || duration <= 0) return;
      // -progress writes key=value lines; out_time_us is how far into the clip the output is.
      for (const match of chunk.matchAll(/out_time_us=(\d+)/g)) {
        const fraction = Math.min(1, Number(match[1]) / 1e6 / duration);
        if (fraction > lastReported) {
          lastReported = fraction;
          request.onProgress(fraction);
        }
      }
    },
  );
  for (const output of outputs) {
    if ((await fsp.stat(output)).size === 0) throw new Error(`ffmpeg wrote an empty ${path.basename(output)}`);
  }
}

/**
 * The clip's own text subtitle streams (issue 28: phones and editors embed mov_text) as WebVTT
 * files, one per stream, in one ffmpeg run (`-map 0:<index> -c:s webvtt`). The files are ffmpeg's;
 * caption-file.ts reads them before anything is kept.
 */
export async function extractSubtitles(
  binaries: FfmpegBinaries,
  input: string,
  streams: readonly SubtitleStream[],
  outDir: string,
  limits: ToolLimits,
): Promise<Array<{ stream: SubtitleStream; file: string }>> {
  if (!streams.length) return [];
  const outputs = streams.map((stream) => ({ stream, file: path.join(outDir, `subtitles-${stream.index}.vtt`) }));
  await runTool(
    binaries.ffmpeg,
    [
      ...['-v', 'error', '-y', '-i', input],
      ...outputs.flatMap(({ stream, file }) => [
        '-map',
        `0:${stream.index}`,
        '-c:s',
        'webvtt',
        '-map_metadata',
        '-1',
        '-f',
        'webvtt',
        file,
      ]),
    ],
    limits,
  );
  return outputs;
}

/** A picture written for one screen size and format. */
export interface PictureFile {
  file: string;
  type: 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
}

/**
 * Posters from a transcoded rendition (so rotation and colours are the viewer's): one frame near
 * the start (at 10% of the clip, at most 1 s in, past a fade from black; the first frame if that
 * fails), written at each size in WebP and JPEG in one ffmpeg run. ffmpeg writes neither EXIF nor
 * XMP into them.
 */
export async function writePosters(
  binaries: FfmpegBinaries,
  video: string,
  duration: number | null,
  sizes: { width: number; height: number }[],
  outDir: string,
  limits: ToolLimits,
): Promise<PictureFile[]> {
  const at = duration ? Math.min(1, duration * 0.1) : 0;
  let lastError: unknown = null;
  for (const position of at > 0 ? [at, 0] : [0]) {
    try {
      return await writePictures(binaries, ['-ss', position.toFixed(3), '-i', video], sizes, outDir, 'poster', limits);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/** Short sides of profile photos: a feed card's avatar (40 CSS px at up to 2x) and the profile's (128 at 2x, roughly). */
const PHOTO_SHORT_SIDES = [96, 320];

/** Photo sizes for a picture this large (upright): each short side it reaches, and its own size below the largest; never upscaled. */
export function planPhotoSizes(source: { width: number; height: number }): { width: number; height: number }[] {
  const shortSide = Math.min(source.width, source.height);
  const targets = PHOTO_SHORT_SIDES.filter((side) => side <= shortSide);
  // Smaller than the largest size: the photo itself is the largest copy.
  if (shortSide < PHOTO_SHORT_SIDES.at(-1)! && !targets.includes(shortSide)) targets.push(shortSide);
  return targets.map((target) => {
    const scale = target / shortSide;
    return { width: Math.max(1, Math.round(source.width * scale)), height: Math.max(1, Math.round(source.height * scale)) };
  });
}

/** The first picture of `input` at each size, as WebP then JPEG, in one ffmpeg run, with no metadata. */
export async function writePictures(
  binaries: FfmpegBinaries,
  input: string[],
  sizes: { width: number; height: number }[],
  outDir: string,
  stem: string,
  limits: ToolLimits,
): Promise<PictureFile[]> {
  const formats = [
    { type: 'image/webp' as const, extension: 'webp', codec: ['-c:v', 'libwebp', '-quality', '80'] },
    { type: 'image/jpeg' as const, extension: 'jpg', codec: ['-q:v', '4'] },
  ];
  const pictures = sizes.flatMap(({ width, height }) =>
    formats.map((format) => ({ ...format, width, height, file: path.join(outDir, `${stem}-${width}x${height}.${format.extension}`) })),
  );
  const labels = pictures.map((_, i) => `p${i}`);
  const graph =
    `[0:v:0]split=${pictures.length}${labels.map((label) => `[s${label}]`).join('')};` +
    pictures.map((picture, i) => `[s${labels[i]}]scale=${picture.width}:${picture.height}:flags=bicubic,setsar=1[${labels[i]}]`).join(';');
  await runTool(
    binaries.ffmpeg,
    [
      ...['-v', 'error', '-y', '-threads', String(limits.threads), ...input, '-filter_complex', graph],
      ...pictures.flatMap((picture, i) => [
        ...['-map', `[${labels[i]}]`, '-frames:v', '1', ...picture.codec, '-map_metadata', '-1', '-fflags', '+bitexact', picture.file],
      ]),
    ],
    limits,
  );
  for (const picture of pictures) {
    if ((await fsp.stat(picture.file)).size === 0) throw new Error(`ffmpeg wrote an empty ${path.basename(picture.file)}`);
  }
  return pictures.map(({ file, type, width, height }) => ({ file, type, width, height }));
}
