/**
 * Profile photos without what a phone writes about where and with what they were taken: the bytes
 * are edited, not decoded and re-encoded, so the picture is unchanged. JPEG keeps only what drawing
 * needs (JFIF, the ICC colour profile, Adobe's colour transform) plus the EXIF orientation on its
 * own, so a portrait photo stays upright; PNG loses its text, time and EXIF chunks; WebP its EXIF
 * and XMP chunks. GIF carries no EXIF and is kept as it is. Null when the bytes are not the
 * structure they claim to be.
 */
export function stripImageMetadata(bytes: Buffer, contentType: string): Buffer | null {
  switch (contentType) {
    case 'image/jpeg':
      return stripJpeg(bytes);
    case 'image/png':
      return stripPng(bytes);
    case 'image/webp':
      return stripWebp(bytes);
    default:
      return bytes;
  }
}

const JPEG_KEPT_APP = new Set([0xe0 /* JFIF */, 0xe2 /* ICC profile */, 0xee /* Adobe */]);

function stripJpeg(bytes: Buffer): Buffer | null {
  const walked = jpegSegments(bytes);
  if (!walked) return null;
  const parts: Buffer[] = [bytes.subarray(0, 2)];
  for (const { marker, segment } of walked.segments) {
    const isApp = marker >= 0xe0 && marker <= 0xef;
    if ((isApp && JPEG_KEPT_APP.has(marker)) || (!isApp && marker !== 0xfe) /* comment */) parts.push(segment);
  }
  parts.push(walked.scan);
  const orientation = orientationOf(walked.segments);
  if (orientation !== 1) parts.splice(1, 0, orientationOnlyExif(orientation));
  return Buffer.concat(parts);
}

/**
 * How a JPEG is to be turned to be upright (its EXIF Orientation, 1 to 8; 1 when it has none or
 * is no JPEG): resizing must apply it, as ffmpeg does not.
 */
export function jpegOrientation(bytes: Buffer): number {
  const walked = jpegSegments(bytes);
  return walked ? orientationOf(walked.segments) : 1;
}

function orientationOf(segments: Array<{ marker: number; segment: Buffer }>): number {
  for (const { marker, segment } of segments) {
    const orientation = marker === 0xe1 ? exifOrientation(segment.subarray(4)) : null;
    if (orientation && orientation >= 1 && orientation <= 8) return orientation;
  }
  return 1;
}

/** The segments before the picture data (marker and whole segment), and the scan to the end; null when malformed. */
function jpegSegments(bytes: Buffer): { segments: Array<{ marker: number; segment: Buffer }>; scan: Buffer } | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const segments: Array<{ marker: number; segment: Buffer }> = [];
  let at = 2;
  for (;;) {
    if (at + 4 > bytes.length || bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xda) return { segments, scan: bytes.subarray(at) }; // start of scan: the picture itself
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > bytes.length) return null;
    segments.push({ marker, segment: bytes.subarray(at, at + 2 + length) });
    at += 2 + length;
  }
}

/** The Orientation tag (0x0112) of an EXIF block's first directory, or null. */
function exifOrientation(payload: Buffer): number | null {
  if (payload.length < 14 || payload.toString('latin1', 0, 6) !== 'Exif\0\0') return null;
  const tiff = payload.subarray(6);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (offset: number) => (little ? tiff.readUInt16LE(offset) : tiff.readUInt16BE(offset));
  const u32 = (offset: number) => (little ? tiff.readUInt32LE(offset) : tiff.readUInt32BE(offset));
  try {
    const ifd = u32(4);
    const count = u16(ifd);
    for (let i = 0; i < count; i += 1) {
      const entry = ifd + 2 + i * 12;
      if (u16(entry) === 0x0112) {
        const value = u16(entry + 8);
        return value >= 1 && value <= 8 ? value : null;
      }
    }
  } catch {
    // a directory pointing past the block
  }
  return null;
}

function orientationOnlyExif(orientation: number): Buffer {
  const payload = Buffer.alloc(6 + 8 + 2 + 12 + 4);
  payload.write('Exif\0\0', 0, 'latin1');
  payload.write('MM', 6, 'latin1');
  payload.writeUInt16BE(42, 8);
  payload.writeUInt32BE(8, 10); // first directory right after the header
  payload.writeUInt16BE(1, 14); // one entry
  payload.writeUInt16BE(0x0112, 16); // Orientation
  payload.writeUInt16BE(3, 18); // SHORT
  payload.writeUInt32BE(1, 20);
  payload.writeUInt16BE(orientation, 24);
  // next directory offset (bytes 28-31) stays 0
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_DROPPED = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME']);

function stripPng(bytes: Buffer): Buffer | null {
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const parts: Buffer[] = [PNG_SIGNATURE];
  let at = 8;
  while (at < bytes.length) {
    if (at + 12 > bytes.length) return null;
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > bytes.length) return null;
    if (!PNG_DROPPED.has(type)) parts.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') break;
  }
  return Buffer.concat(parts);
}

function stripWebp(bytes: Buffer): Buffer | null {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') return null;
  const parts: Buffer[] = [];
  let at = 12;
  while (at + 8 <= bytes.length) {
    const type = bytes.toString('latin1', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    if (at + 8 + size > bytes.length) return null;
    let chunk = bytes.subarray(at, Math.min(end, bytes.length));
    if (type === 'VP8X') {
      chunk = Buffer.from(chunk);
      chunk[8] = chunk[8]! & ~0x0c; // no EXIF (0x08) or XMP (0x04) flag any more
    }
    if (type !== 'EXIF' && type !== 'XMP ') parts.push(chunk);
    at = end;
  }
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}
