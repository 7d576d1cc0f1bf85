import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { cleanPhoto, readPhotoSize } from '../../src/infra/media/photos';
import { decodes, jpegWithGps, plainJpeg } from './support/generated-media';

/**
 * What survives of a profile photo: its pixels, upright, and nothing a phone wrote about where and
 * with what it was taken. Each photo is made here (ffmpeg) with its metadata put in by hand, and
 * each test first checks the metadata is really in the input, so a pass means it was taken out.
 */
const FIXTURES = path.resolve(__dirname, '../../../fixtures/media');
const LIMITS = { maxSide: 8192, timeoutSeconds: 30 };
const has = (bytes: Buffer, text: string) => bytes.includes(Buffer.from(text, 'latin1'));
const decodable = (bytes: Buffer) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-stripped-'));
  try {
    fs.writeFileSync(path.join(dir, 'image'), bytes);
    return decodes(path.join(dir, 'image'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

describe('profile photo metadata', () => {
  it('JPEG: no EXIF survives (no GPS, no camera), and a photo taken on its side comes out upright', async () => {
    // 40×20 as stored, Orientation 6: the phone was held upright, the picture is 20 wide and 40 high.
    const input = jpegWithGps(6, plainJpeg(40, 20));
    const before = await sharp(input).metadata();
    expect([before.orientation, has(before.exif!, 'iPhone'), has(input, 'Apple')]).toEqual([6, true, true]);

    const clean = (await cleanPhoto(input, 'image/jpeg', LIMITS))!;
    for (const leak of ['Apple', 'iPhone', 'Exif']) expect([leak, has(clean, leak)]).toEqual([leak, false]);
    const after = await sharp(clean).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect([after.exif, after.xmp, after.iptc, after.orientation]).toEqual([undefined, undefined, undefined, undefined]);
    expect(await readPhotoSize(input, LIMITS)).toEqual({ ok: true, width: 20, height: 40 });
    expect(decodable(clean)).toBe(true);
  });

  it('PNG: text, time and EXIF chunks go, the picture stays', async () => {
    const png = fs.readFileSync(path.join(FIXTURES, 'avatars/student-01.png'));
    const iend = png.length - 12;
    const tagged = Buffer.concat([
      png.subarray(0, iend),
      pngChunk('tEXt', Buffer.from('Location\0+48.8584+002.2945/', 'latin1')),
      pngChunk('tIME', Buffer.from([0x07, 0xea, 11, 27, 14, 30, 0])),
      pngChunk('eXIf', Buffer.from('MM\0*iPhone', 'latin1')),
      png.subarray(iend),
    ]);
    const clean = (await cleanPhoto(tagged, 'image/png', LIMITS))!;
    for (const leak of ['tEXt', 'tIME', 'eXIf', '+48.8584', 'iPhone']) expect([leak, has(clean, leak)]).toEqual([leak, false]);
    const [original, after] = await Promise.all([sharp(png).metadata(), sharp(clean).metadata()]);
    expect([after.format, after.width, after.height]).toEqual(['png', original.width, original.height]);
    expect(decodable(clean)).toBe(true);
  });

  it('WebP: EXIF and XMP chunks go', async () => {
    const webp = fs.readFileSync(path.join(FIXTURES, 'formats/sample.webp'));
    const withExif = await sharp(webp)
      .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 15' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 3030/100' } })
      .webp()
      .toBuffer();
    expect([has(withExif, 'EXIF'), has(withExif, 'iPhone')]).toEqual([true, true]);
    const clean = (await cleanPhoto(withExif, 'image/webp', LIMITS))!;
    for (const leak of ['EXIF', 'XMP ', 'Apple', 'iPhone']) expect([leak, has(clean, leak)]).toEqual([leak, false]);
    expect((await sharp(clean).metadata()).exif).toBeUndefined();
    expect(decodable(clean)).toBe(true);
  });

  it('GIF: a comment block goes, the frames stay', async () => {
    const gif = fs.readFileSync(path.join(FIXTURES, 'formats/sample.gif'));
    const comment = Buffer.concat([Buffer.from([0x21, 0xfe, 18]), Buffer.from('Paris +48.8584 N !', 'latin1'), Buffer.from([0])]);
    // Just before the trailer (0x3B): a comment extension may stand anywhere between blocks.
    const tagged = Buffer.concat([gif.subarray(0, -1), comment, gif.subarray(-1)]);
    expect((await sharp(tagged).metadata()).format).toBe('gif');
    const clean = (await cleanPhoto(tagged, 'image/gif', LIMITS))!;
    expect(has(clean, '+48.8584')).toBe(false);
    const [original, after] = await Promise.all([sharp(gif, { animated: true }).metadata(), sharp(clean, { animated: true }).metadata()]);
    expect([after.format, after.width, after.pages]).toEqual(['gif', original.width, original.pages]);
  });

  it('refuses bytes that do not decode, and a picture too large to decode, from its header alone', async () => {
    const broken = Buffer.concat([plainJpeg().subarray(0, 200)]);
    expect(await cleanPhoto(broken, 'image/jpeg', LIMITS)).toBeNull();
    expect(await readPhotoSize(Buffer.from('not a picture'), LIMITS)).toEqual({ ok: false, reason: 'unreadable' });
    expect(await readPhotoSize(plainJpeg(40, 20), { ...LIMITS, maxSide: 39 })).toEqual({ ok: false, reason: 'too large' });
  });
});
