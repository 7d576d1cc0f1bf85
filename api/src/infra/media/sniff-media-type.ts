/** The two kinds of file media accepts: a clip or a picture (uploads record it per upload). */
export type UploadKind = 'video' | 'image';

/** How many leading bytes decide a file's type; every signature below fits in them. */
export const SNIFF_BYTES = 16;

// ASF header object GUID 75B22630-668E-11CF-A6D9-00AA0062CE6C as stored on disk (WMV/WMA/ASF).
const ASF_HEADER_GUID = Buffer.from('3026b2758e66cf11a6d900aa0062ce6c', 'hex');
// Top-level QuickTime atoms that may open a .mov written before the ftyp atom existed.
const CLASSIC_QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

function ascii(bytes: Buffer, start: number, end: number): string {
  return bytes.subarray(start, end).toString('latin1');
}

/**
 * The content type a file really has, decided from its first bytes only (D11): never from its
 * name or the type the browser declared. Returns null when the bytes are not an accepted type of
 * that kind.
 */
export function sniffMediaType(head: Buffer, kind: UploadKind): string | null {
  return kind === 'video' ? sniffVideo(head) : sniffImage(head);
}

function sniffVideo(head: Buffer): string | null {
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    // ISO base media: the major brand tells QuickTime from the MP4 family (isom, mp41, mp42, avc1, M4V...).
    return ascii(head, 8, 12) === 'qt  ' ? 'video/quicktime' : 'video/mp4';
  }
  if (head.length >= 8 && CLASSIC_QUICKTIME_ATOMS.has(ascii(head, 4, 8))) {
    const atomSize = head.readUInt32BE(0);
    // A real atom is at least its 8-byte header (size 1 means a 64-bit size follows).
    if (atomSize === 1 || atomSize >= 8) return 'video/quicktime';
  }
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'AVI ') return 'video/x-msvideo';
  if (head.length >= 16 && head.subarray(0, 16).equals(ASF_HEADER_GUID)) return 'video/x-ms-wmv';
  return null;
}

function sniffImage(head: Buffer): string | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (head.length >= 6 && (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a')) return 'image/gif';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  return null;
}
