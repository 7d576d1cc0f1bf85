import fs from 'node:fs';
import path from 'node:path';
import { parseByteRange } from '../../src/infra/media/byte-range';
import {
  isStorePath,
  mediaPathFromUrl,
  mediaUrlFor,
  originalPathFor,
  posterPictureFor,
  profileImagePath,
  randomMediaName,
  renditionPathFor,
  videoPath,
} from '../../src/infra/media/media-names';
import { SNIFF_BYTES, sniffMediaType } from '../../src/infra/media/sniff-media-type';
import { MediaAccess } from '../../src/infra/media/media-access';

const FIXTURES = path.resolve(__dirname, '../../../fixtures/media');
const head = (file: string) => fs.readFileSync(path.join(FIXTURES, file)).subarray(0, SNIFF_BYTES);

describe('the file type comes from the leading bytes', () => {
  it.each([
    ['clips/campus-testcard.mp4', 'video/mp4'],
    ['formats/sample.mov', 'video/quicktime'],
    ['formats/sample.avi', 'video/x-msvideo'],
    ['formats/sample.wmv', 'video/x-ms-wmv'],
    ['formats/sample.webm', 'video/webm'],
    ['formats/sample.mkv', 'video/x-matroska'],
    ['formats/sample.3gp', 'video/3gpp'],
    ['formats/sample.3g2', 'video/3gpp2'],
  ])('accepts %s as a video of type %s', (file, type) => {
    expect(sniffMediaType(head(file), 'video')).toBe(type);
  });

  it.each([
    ['avatars/student-01.png', 'image/png'],
    ['avatars/student-02.jpg', 'image/jpeg'],
    ['formats/sample.gif', 'image/gif'],
    ['formats/sample.webp', 'image/webp'],
  ])('accepts %s as an image of type %s', (file, type) => {
    expect(sniffMediaType(head(file), 'image')).toBe(type);
  });

  it('refuses an HTML page whatever it is called', () => {
    expect(sniffMediaType(head('formats/not-a-video.html'), 'video')).toBeNull();
    expect(sniffMediaType(head('formats/not-a-video.html'), 'image')).toBeNull();
  });

  it('refuses an image offered as a video and a video offered as an image', () => {
    expect(sniffMediaType(head('avatars/student-01.png'), 'video')).toBeNull();
    expect(sniffMediaType(head('clips/campus-testcard.mp4'), 'image')).toBeNull();
  });

  it('refuses a RIFF file that is neither AVI nor WebP for the kind asked', () => {
    expect(sniffMediaType(head('formats/sample.webp'), 'video')).toBeNull();
    expect(sniffMediaType(head('formats/sample.avi'), 'image')).toBeNull();
  });

  it('reads the DocType of an EBML header however its sizes are written, as Chrome’s recorder writes it too', () => {
    // 1-byte element sizes (Chrome's MediaRecorder, Firefox), where the fixture's ffmpeg writes 8-byte ones.
    const chrome = Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102', 'hex');
    expect(sniffMediaType(chrome, 'video')).toBe('video/webm');
    // The same header with the DocType padded with zero bytes, as some muxers reserve room.
    const padded = Buffer.from('1a45dfa3a14286810142f7810142f2810442f381084282867765626d00004287810442858102', 'hex');
    expect(sniffMediaType(padded, 'video')).toBe('video/webm');
  });

  it('refuses EBML that is not WebM or Matroska, and a text file called .webm', () => {
    // Another EBML document type (the DocType 'ebml-test') and a header cut short of its DocType.
    const other = Buffer.from('1a45dfa3a04286810142f7810142f2810442f3810842828965626d6c2d74657374', 'hex');
    expect(sniffMediaType(other, 'video')).toBeNull();
    expect(sniffMediaType(head('formats/sample.webm').subarray(0, 20), 'video')).toBeNull();
    expect(sniffMediaType(Buffer.from('Dear diary, today I recorded a video of the quad and\n'), 'video')).toBeNull();
    expect(sniffMediaType(head('formats/sample.webm'), 'image')).toBeNull();
  });

  it('refuses too few bytes to decide', () => {
    expect(sniffMediaType(Buffer.from('RIFF'), 'video')).toBeNull();
    expect(sniffMediaType(Buffer.alloc(0), 'image')).toBeNull();
  });
});

describe('media names are random', () => {
  it('names a video videos/{128 random bits}.{extension of its bytes’ type}, nothing of the file’s own name', () => {
    expect(videoPath('video/mp4')).toMatch(/^videos\/[0-9a-f]{32}\.mp4$/);
    expect(videoPath('video/quicktime', 'f'.repeat(32))).toBe(`videos/${'f'.repeat(32)}.mov`);
    expect(videoPath('video/webm')).toMatch(/\.webm$/);
    expect(videoPath('video/3gpp2')).toMatch(/\.3g2$/);
    expect(videoPath('application/x-unknown')).toMatch(/^videos\/[0-9a-f]{32}\.video$/);
  });

  it('names a profile image profile-images/{128 random bits}', () => {
    expect(profileImagePath()).toMatch(/^profile-images\/[0-9a-f]{32}$/);
  });

  it('draws each name afresh: 1,000 names, 1,000 different, every hex digit used evenly', () => {
    const names = Array.from({ length: 1000 }, () => randomMediaName());
    expect(new Set(names).size).toBe(1000);
    expect(names.every((name) => /^[0-9a-f]{32}$/.test(name))).toBe(true);
    // 32,000 hex digits: each of the 16 appears about 2,000 times (a constant or counter would not).
    const counts = new Map<string, number>();
    for (const digit of names.join('')) counts.set(digit, (counts.get(digit) ?? 0) + 1);
    expect(counts.size).toBe(16);
    for (const count of counts.values()) expect(count).toBeGreaterThan(1700);
  });

  it('names renditions and posters after the video, with their size, in the served folders', () => {
    expect(renditionPathFor('videos/1763700000000-clip.mp4', '720p')).toBe('videos/1763700000000-clip-720p.mp4');
    expect(renditionPathFor('videos/1763700000000-clip.MOV', '360p')).toBe('videos/1763700000000-clip-360p.mp4');
    expect(posterPictureFor('videos/1763700000000-clip.mp4', 1280, 720, 'jpg')).toBe('posters/1763700000000-clip-1280x720.jpg');
    expect(posterPictureFor('videos/1763700000000-clip.mp4', 640, 360, 'webp')).toBe('posters/1763700000000-clip-640x360.webp');
    // Old names (a timestamp and the file's name) keep working; new ones are random.
    const name = randomMediaName();
    expect(renditionPathFor(`videos/${name}.3g2`, '360p')).toBe(`videos/${name}-360p.mp4`);
    expect(posterPictureFor(`videos/${name}.webm`, 360, 640, 'webp')).toBe(`posters/${name}-360x640.webp`);
    for (const served of [renditionPathFor('videos/1-clip.mp4', '720p'), posterPictureFor('videos/1-clip.mp4', 180, 320, 'webp')]) {
      expect(mediaPathFromUrl(mediaUrlFor(served))).toBe(served);
    }
  });

  it('keeps the original as received under originals/, which no media URL can name', () => {
    expect(originalPathFor('videos/1763700000000-clip.mp4')).toBe('originals/1763700000000-clip.mp4');
    expect(isStorePath('originals/1763700000000-clip.mp4')).toBe(true);
    expect(mediaPathFromUrl('/media/originals/1763700000000-clip.mp4')).toBeNull();
    expect(mediaPathFromUrl('/media/videos/..%2Foriginals%2F1763700000000-clip.mp4')).toBeNull();
    for (const unsafe of [
      'originals/../config.ts',
      'originals/.hidden',
      'originals/',
      'originals/a/b.mp4',
      '.incoming/abc',
      'elsewhere/a.mp4',
    ]) {
      expect([unsafe, isStorePath(unsafe)]).toEqual([unsafe, false]);
    }
    for (const stored of ['videos/1-clip.mp4', 'posters/1-clip-180x320.jpg', 'profile-images/uid-1']) {
      expect([stored, isStorePath(stored)]).toEqual([stored, true]);
    }
  });

  it('reads media URLs back, relative or absolute, and nothing else', () => {
    expect(mediaPathFromUrl('/media/videos/1-clip.mp4')).toBe('videos/1-clip.mp4');
    expect(mediaPathFromUrl('https://campus.example/media/posters/1-clip.jpg')).toBe('posters/1-clip.jpg');
    expect(mediaPathFromUrl('/media/../config.ts')).toBeNull();
    expect(mediaPathFromUrl('/media/videos/%2e%2e%2fsecret')).toBeNull();
    expect(mediaPathFromUrl('/media/.incoming/abc')).toBeNull();
    expect(mediaPathFromUrl('https://evil.example/video.mp4')).toBeNull();
  });
});

describe('grants to fetch a file /media serves to no one else', () => {
  const access = new MediaAccess(Buffer.alloc(32, 7));
  const HOUR = 3600_000;
  const at = Date.UTC(2026, 4, 1, 10, 15);
  const path = 'videos/0123456789abcdef0123456789abcdef-720p.mp4';
  const grantIn = (url: string) => new URL(url, 'http://x').searchParams.get('access');

  it('gives the same URL for an hour, valid one to two hours, for that file only', () => {
    const url = access.grant(`/media/${path}`, at);
    expect(access.grant(`/media/${path}`, at + 40 * 60_000)).toBe(url);
    const grant = grantIn(url);
    expect(access.allows(path, grant, at)).toBe(true);
    expect(access.allows(path, grant, at + HOUR)).toBe(true);
    expect(access.allows(path, grant, Date.UTC(2026, 4, 1, 12, 0))).toBe(false);
    expect(access.allows('videos/0123456789abcdef0123456789abcdef-360p.mp4', grant, at)).toBe(false);
    expect(new MediaAccess(Buffer.alloc(32, 8)).allows(path, grant, at)).toBe(false);
    expect(access.allows(path, undefined, at)).toBe(false);
    expect(access.allows(path, [grant], at)).toBe(false);
  });

  it('leaves a URL that is not a media file as it was', () => {
    expect(access.grant('https://elsewhere.example/clip.mp4', at)).toBe('https://elsewhere.example/clip.mp4');
  });
});

describe('Range headers', () => {
  it('serves an explicit range, clamped to the file', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=900-2000', 1000)).toEqual({ start: 900, end: 999 });
  });

  it('serves open-ended and suffix ranges', () => {
    expect(parseByteRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('answers 416 for a range past the end', () => {
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });

  it('sends the whole file for no, several or malformed ranges', () => {
    expect(parseByteRange(undefined, 1000)).toBeNull();
    expect(parseByteRange('bytes=0-1,5-6', 1000)).toBeNull();
    expect(parseByteRange('items=0-1', 1000)).toBeNull();
    expect(parseByteRange('bytes=50-10', 1000)).toBeNull();
  });
});
