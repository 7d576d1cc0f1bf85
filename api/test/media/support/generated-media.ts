import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveFfmpegBinaries } from '../../../src/infra/media/ffmpeg-binaries';

/** Tiny media made with ffmpeg at test time (lavfi sources: a few KB, well under a second each). */
const binaries = resolveFfmpegBinaries();
const made = new Map<string, Buffer>();

function make(name: string, args: string[]): Buffer {
  const cached = made.get(name);
  if (cached) return cached;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-generated-'));
  try {
    const out = path.join(dir, name);
    execFileSync(binaries.ffmpeg, ['-v', 'error', '-y', ...args, out]);
    const bytes = fs.readFileSync(out);
    made.set(name, bytes);
    return bytes;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const PARIS = '+48.8584+002.2945/';

/** What a phone writes into a clip: where (QuickTime ©xyz and Apple's ISO 6709 key) and with what. */
const PHONE_TAGS = [
  ...['-metadata', `location=${PARIS}`, '-metadata', `com.apple.quicktime.location.ISO6709=${PARIS}`],
  ...['-metadata', 'make=Apple', '-metadata', 'model=iPhone 15', '-metadata', 'creation_time=2026-05-01T10:00:00Z'],
];

/** A 1 s, 32×32 clip with sound, carrying a phone's location and device tags. */
export function phoneClip(container: 'mp4' | 'mov'): Buffer {
  return make(`phone.${container}`, [
    ...['-f', 'lavfi', '-i', 'testsrc=s=32x32:r=5:d=1', '-f', 'lavfi', '-i', 'sine=d=1', '-shortest'],
    ...['-c:v', 'libx264', '-c:a', 'aac', ...PHONE_TAGS, '-movflags', 'use_metadata_tags', '-f', container],
  ]);
}

/** 700 s long (over the 3-minute limit) yet about 20 KB: 16×16 at one frame a second. */
export function longClip(): Buffer {
  return make('long.mp4', ['-f', 'lavfi', '-i', 'color=c=red:s=16x16:r=1:d=700', '-c:v', 'libx264']);
}

/**
 * 700 s of WebM (VP8) written to a pipe, as a browser's MediaRecorder streams it: the header gives
 * no duration (ffprobe reports none), only the packets' timestamps tell how long it is. About 35 KB.
 */
export function longRecordingWithoutDuration(): Buffer {
  const cached = made.get('recording.webm');
  if (cached) return cached;
  const bytes = execFileSync(
    binaries.ffmpeg,
    [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'color=c=red:s=16x16:r=1:d=700',
      '-c:v',
      'libvpx',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-f',
      'webm',
      'pipe:1',
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  made.set('recording.webm', bytes);
  return bytes;
}

/** One frame 5000 pixels wide (over the 4096×4096 limit). */
export function widePictureClip(): Buffer {
  return make('wide.mp4', ['-f', 'lavfi', '-i', 'color=c=red:s=5000x16:r=1:d=1', '-c:v', 'libx264']);
}

/** A 16×16 JPEG (or `width`×`height`). */
export function plainJpeg(width = 16, height = 16): Buffer {
  return make(`plain-${width}x${height}.jpg`, ['-f', 'lavfi', '-i', `color=c=green:s=${width}x${height}:d=1`, '-frames:v', '1']);
}

/**
 * The JPEG with a phone's EXIF block (APP1) right after SOI: Make "Apple", Model "iPhone 15",
 * the given Orientation and a GPS directory with GPSLatitudeRef N and GPSLatitude 48° 51' 30.30".
 */
export function jpegWithGps(orientation = 1, jpeg = plainJpeg()): Buffer {
  const tiff = Buffer.alloc(132);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: number, short = false) => {
    tiff.writeUInt16BE(tag, at);
    tiff.writeUInt16BE(type, at + 2);
    tiff.writeUInt32BE(count, at + 4);
    if (short) tiff.writeUInt16BE(value, at + 8);
    else tiff.writeUInt32BE(value, at + 8);
  };
  tiff.writeUInt16BE(4, 8); // IFD0: four entries
  entry(10, 0x010f, 2, 6, 62); // Make
  entry(22, 0x0110, 2, 10, 68); // Model
  entry(34, 0x0112, 3, 1, orientation, true); // Orientation
  entry(46, 0x8825, 4, 1, 78); // GPS IFD pointer
  tiff.writeUInt32BE(0, 58);
  tiff.write('Apple\0', 62, 'latin1');
  tiff.write('iPhone 15\0', 68, 'latin1');
  tiff.writeUInt16BE(2, 78); // GPS IFD: two entries
  entry(80, 0x0001, 2, 2, 0); // GPSLatitudeRef
  tiff.write('N\0', 88, 'latin1');
  entry(92, 0x0002, 5, 3, 108); // GPSLatitude: three rationals
  tiff.writeUInt32BE(0, 104);
  [48, 1, 51, 1, 3030, 100].forEach((value, i) => tiff.writeUInt32BE(value, 108 + i * 4));
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const app1 = Buffer.alloc(4);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), app1, payload, jpeg.subarray(2)]);
}

/** ffprobe's view of a file: every format and stream tag, and its streams. */
export function probeTags(file: string): {
  formatTags: Record<string, string>;
  streams: { codec_type: string; width?: number; tags?: Record<string, string> }[];
  duration: number;
} {
  const json = execFileSync(binaries.ffprobe, ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file], { encoding: 'utf8' });
  const parsed = JSON.parse(json) as {
    format: { tags?: Record<string, string>; duration?: string };
    streams: { codec_type: string; width?: number; tags?: Record<string, string> }[];
  };
  return { formatTags: parsed.format.tags ?? {}, streams: parsed.streams, duration: Number(parsed.format.duration) };
}

/** True when ffmpeg decodes every frame of the file without an error. */
export function decodes(file: string): boolean {
  try {
    execFileSync(binaries.ffmpeg, ['-v', 'error', '-xerror', '-i', file, '-f', 'null', '-'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Clips as phones, cameras and old PCs make them, for the transcoding tests: each 2 s, small
 * (a few tens of KB), made with the system ffmpeg at test time.
 */
export const SOURCE_CLIPS = {
  /** An iPhone's default: HEVC (10-bit) in MOV, filmed upright (stored 320×180 with a 90° rotation), with a GPS tag. */
  hevcMovRotatedWithGps: () => {
    const encoded = make('iphone-unrotated.mov', [
      ...['-f', 'lavfi', '-i', 'testsrc=s=320x180:r=30:d=2', '-f', 'lavfi', '-i', 'sine=d=2', '-shortest'],
      ...['-c:v', 'libx265', '-x265-params', 'log-level=error', '-pix_fmt', 'yuv420p10le', '-tag:v', 'hvc1', '-c:a', 'aac'],
      ...PHONE_TAGS,
      ...['-movflags', 'use_metadata_tags', '-f', 'mov'],
    ]);
    // ffmpeg 5.1 writes a rotation only when copying streams: add it in a second pass, as a phone's matrix.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-generated-'));
    try {
      fs.writeFileSync(path.join(dir, 'in.mov'), encoded);
      return make('iphone.mov', [
        '-i',
        path.join(dir, 'in.mov'),
        '-c',
        'copy',
        '-map_metadata',
        '0',
        '-movflags',
        'use_metadata_tags',
        '-metadata:s:v:0',
        'rotate=90',
        '-f',
        'mov',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
  /** AVI with MPEG-4 Part 2 video and MP3-less PCM sound, as old cameras write. */
  avi: () =>
    make('camera.avi', [
      ...['-f', 'lavfi', '-i', 'testsrc=s=320x240:r=25:d=2', '-f', 'lavfi', '-i', 'sine=d=2', '-shortest'],
      ...['-c:v', 'mpeg4', '-q:v', '5', '-c:a', 'pcm_s16le', '-f', 'avi'],
    ]),
  /** Windows Media: WMV2 video and WMA sound in ASF. */
  wmv: () =>
    make('pc.wmv', [
      ...['-f', 'lavfi', '-i', 'testsrc=s=320x240:r=25:d=2', '-f', 'lavfi', '-i', 'sine=d=2', '-shortest'],
      ...['-c:v', 'wmv2', '-b:v', '300k', '-c:a', 'wmav2', '-f', 'asf'],
    ]),
  /** Variable frame rate (frames dropped unevenly, timestamps kept), as phones record in low light. */
  variableFrameRate: () =>
    make('vfr.mp4', [
      ...['-f', 'lavfi', '-i', 'testsrc=s=320x240:r=30:d=2', '-vf', "select='lt(mod(n\\,10)\\,4)+gt(n\\,40)'"],
      ...['-fps_mode', 'vfr', '-c:v', 'libx264', '-an'],
    ]),
  /** No sound track at all (a screen recording). */
  noAudio: () => make('silent.mp4', ['-f', 'lavfi', '-i', 'testsrc=s=320x240:r=25:d=2', '-c:v', 'libx264', '-an']),
  /** 10-bit H.264 (High 10), which browsers do not play. */
  tenBitH264: () =>
    make('tenbit.mp4', [
      ...['-f', 'lavfi', '-i', 'testsrc=s=320x240:r=25:d=2', '-f', 'lavfi', '-i', 'sine=d=2', '-shortest'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p10le', '-c:a', 'aac'],
    ]),
  /** WebM with VP9 video and Opus sound, as Chrome's and Android's recorders write it. */
  webmVp9Opus: () =>
    make('recorder.webm', [
      ...['-f', 'lavfi', '-i', 'testsrc=s=320x240:r=25:d=2', '-f', 'lavfi', '-i', 'sine=d=2:sample_rate=48000', '-shortest'],
      ...['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '200k', '-c:a', 'libopus', '-f', 'webm'],
    ]),
  /** WebM with VP8 video and Vorbis sound, as older browsers and screen recorders write it. */
  webmVp8Vorbis: () =>
    make('screen.webm', [
      ...['-f', 'lavfi', '-i', 'testsrc=s=320x240:r=25:d=2', '-f', 'lavfi', '-i', 'sine=d=2', '-shortest'],
      ...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '200k', '-c:a', 'libvorbis', '-f', 'webm'],
    ]),
  /** 3GP from an older phone: H.263 at 176×144 (CIF sizes only) with AAC sound. */
  threeGpH263: () =>
    make('old-phone.3gp', [
      ...['-f', 'lavfi', '-i', 'testsrc=s=176x144:r=15:d=2', '-f', 'lavfi', '-i', 'sine=d=2:sample_rate=8000', '-shortest'],
      ...['-c:v', 'h263', '-c:a', 'aac', '-ac', '1', '-f', '3gp'],
    ]),
  /** 3G2 (3GPP2, CDMA phones): H.264 with AAC sound. */
  threeG2: () =>
    make('cdma-phone.3g2', [
      ...['-f', 'lavfi', '-i', 'testsrc=s=320x240:r=25:d=2', '-f', 'lavfi', '-i', 'sine=d=2', '-shortest'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', '3g2'],
    ]),
  /** Matroska (what OBS records by default): H.264 with AAC sound. */
  matroska: () =>
    make('obs.mkv', [
      ...['-f', 'lavfi', '-i', 'testsrc=s=320x240:r=25:d=2', '-f', 'lavfi', '-i', 'sine=d=2', '-shortest'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'matroska'],
    ]),
  /** 1280×720: gets a 720p and a 360p rendition. */
  hd: () =>
    make('hd.mp4', [
      ...['-f', 'lavfi', '-i', 'testsrc=s=1280x720:r=25:d=2', '-f', 'lavfi', '-i', 'sine=d=2', '-shortest'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac'],
    ]),
} satisfies Record<string, () => Buffer>;

/** A longer clip (for a transcode that takes a few seconds on 2 threads), `seconds` long at 640×360. */
export function longerClip(seconds: number): Buffer {
  return make(`longer-${seconds}.mp4`, [
    ...['-f', 'lavfi', '-i', `testsrc=s=640x360:r=30:d=${seconds}`, '-f', 'lavfi', '-i', `sine=d=${seconds}`, '-shortest'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac'],
  ]);
}

/** Everything ffprobe says about a file's streams and container. */
export function probeStreams(file: string): {
  format: { format_name: string; duration?: string; tags?: Record<string, string> };
  streams: Array<{
    codec_type: string;
    codec_name: string;
    pix_fmt?: string;
    width?: number;
    height?: number;
    side_data_list?: object[];
    tags?: Record<string, string>;
  }>;
} {
  return JSON.parse(
    execFileSync(binaries.ffprobe, ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file], { encoding: 'utf8' }),
  );
}

/**
 * A 2 s, 160×120 MP4 carrying an English mov_text subtitle track (issue 28), as phones' and
 * editors' exports do: two cues, the second running past the clip's end (cut to it when read).
 */
export function clipWithSubtitleTrack(): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-generated-'));
  try {
    const srt = path.join(dir, 'subs.srt');
    fs.writeFileSync(
      srt,
      '1\n00:00:00,200 --> 00:00:01,000\nHello from the clip\n\n2\n00:00:01,000 --> 00:00:05,000\n<i>Second</i> line\n',
    );
    return make('subtitled.mp4', [
      ...['-f', 'lavfi', '-i', 'testsrc=s=160x120:r=10:d=2', '-f', 'lavfi', '-i', 'sine=d=2', '-i', srt],
      ...['-map', '0:v', '-map', '1:a', '-map', '2:s', '-t', '2'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-c:s', 'mov_text', '-metadata:s:s:0', 'language=eng', '-f', 'mp4'],
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
