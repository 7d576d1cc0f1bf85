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
  renditionPathFor,
  safeFileName,
  videoPath,
} from '../../src/infra/media/media-names';
import { SNIFF_BYTES, sniffMediaType } from '../../src/infra/media/sniff-media-type';

const FIXTURES = path.resolve(__dirname, '../../../fixtures/media');
const head = (file: string) => fs.readFileSync(path.join(FIXTURES, file)).subarray(0, SNIFF_BYTES);

describe('the file type comes from the leading bytes', () => {
  it.each([
    ['clips/campus-testcard.mp4', 'video/mp4'],
    ['formats/sample.mov', 'video/quicktime'],
    ['formats/sample.avi', 'video/x-msvideo'],
    ['formats/sample.wmv', 'video/x-ms-wmv'],
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

  it('refuses too few bytes to decide', () => {
    expect(sniffMediaType(Buffer.from('RIFF'), 'video')).toBeNull();
    expect(sniffMediaType(Buffer.alloc(0), 'image')).toBeNull();
  });
});

describe('media names follow the spec', () => {
  it('names a video videos/{timestamp}-{safe file name}', () => {
    expect(videoPath(1763700000000, 'My clip (final).mp4')).toBe('videos/1763700000000-My-clip-final.mp4');
    expect(videoPath(1, '../../etc/passwd')).toBe('videos/1-passwd');
    expect(videoPath(1, 'Café déjà vu.MOV')).toBe('videos/1-Cafe-deja-vu.MOV');
    expect(videoPath(1, '')).toBe('videos/1-video');
  });

  it('names a profile image profile-images/{uid}-{timestamp}', () => {
    expect(profileImagePath('abcUID123', 1763700000000)).toBe('profile-images/abcUID123-1763700000000');
  });

  it('names renditions and posters after the video, with their size, in the served folders', () => {
    expect(renditionPathFor('videos/1763700000000-clip.mp4', '720p')).toBe('videos/1763700000000-clip-720p.mp4');
    expect(renditionPathFor('videos/1763700000000-clip.MOV', '360p')).toBe('videos/1763700000000-clip-360p.mp4');
    expect(posterPictureFor('videos/1763700000000-clip.mp4', 1280, 720, 'jpg')).toBe('posters/1763700000000-clip-1280x720.jpg');
    expect(posterPictureFor('videos/1763700000000-clip.mp4', 640, 360, 'webp')).toBe('posters/1763700000000-clip-640x360.webp');
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

  it('keeps file names short and plain', () => {
    const name = safeFileName(`${'a'.repeat(300)}.mp4`);
    expect(name.length).toBeLessThanOrEqual(100);
    expect(name.endsWith('.mp4')).toBe(true);
    expect(safeFileName('<script>.mp4')).toBe('script.mp4');
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
