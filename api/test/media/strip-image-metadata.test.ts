import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { stripImageMetadata } from '../../src/infra/media/strip-image-metadata';
import { decodes, jpegWithGps } from './support/generated-media';

const FIXTURES = path.resolve(__dirname, '../../../fixtures/media');
const has = (bytes: Buffer, text: string) => bytes.includes(Buffer.from(text, 'latin1'));
const decodable = (bytes: Buffer) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'campus-stripped-')), 'image');
  fs.writeFileSync(file, bytes);
  return decodes(file);
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
  it('JPEG: the EXIF block goes, but a rotated photo keeps its orientation (and only that)', () => {
    const stripped = stripImageMetadata(jpegWithGps(6), 'image/jpeg')!;
    for (const leak of ['Apple', 'iPhone']) expect([leak, has(stripped, leak)]).toEqual([leak, false]);
    const exif = stripped.indexOf(Buffer.from('Exif\0\0', 'latin1'));
    expect(exif).toBeGreaterThan(0);
    expect(stripped.readUInt16BE(exif - 2)).toBe(2 + 6 + 8 + 2 + 12 + 4); // one directory, one entry
    expect(stripped.readUInt16BE(exif + 6 + 10)).toBe(0x0112);
    expect(stripped.readUInt16BE(exif + 6 + 18)).toBe(6);
    expect(decodable(stripped)).toBe(true);
  });

  it('PNG: text, time and EXIF chunks go, the picture stays', () => {
    const png = fs.readFileSync(path.join(FIXTURES, 'avatars/student-01.png'));
    const iend = png.length - 12;
    const tagged = Buffer.concat([
      png.subarray(0, iend),
      pngChunk('tEXt', Buffer.from('Location\0+48.8584+002.2945/', 'latin1')),
      pngChunk('eXIf', Buffer.from('MM\0*iPhone', 'latin1')),
      png.subarray(iend),
    ]);
    const stripped = stripImageMetadata(tagged, 'image/png')!;
    for (const leak of ['tEXt', 'eXIf', '+48.8584', 'iPhone']) expect([leak, has(stripped, leak)]).toEqual([leak, false]);
    expect(decodable(stripped)).toBe(true);
  });

  it('WebP: EXIF and XMP chunks go and the RIFF size follows', () => {
    const webp = fs.readFileSync(path.join(FIXTURES, 'formats/sample.webp'));
    const exif = Buffer.concat([Buffer.from('EXIF', 'latin1'), Buffer.from([10, 0, 0, 0]), Buffer.from('iPhone 15!', 'latin1')]);
    const tagged = Buffer.concat([webp, exif]);
    tagged.writeUInt32LE(tagged.length - 8, 4);
    const stripped = stripImageMetadata(tagged, 'image/webp')!;
    expect(has(stripped, 'iPhone')).toBe(false);
    expect(stripped.readUInt32LE(4)).toBe(stripped.length - 8);
    expect(decodable(stripped)).toBe(true);
  });
});
