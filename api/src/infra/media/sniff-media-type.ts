/** The two kinds of file media accepts: a clip or a picture (uploads record it per upload). */
export type UploadKind = 'video' | 'image' | 'caption';

/**
 * How many leading bytes decide a file's type; every signature below fits in them. A WebM or
 * Matroska file names itself in its EBML header's DocType, which every muxer we know writes within
 * the first 40 bytes (ffmpeg, Chrome's and Firefox's recorders, Android).
 */
export const SNIFF_BYTES = 64;

// ASF header object GUID 75B22630-668E-11CF-A6D9-00AA0062CE6C as stored on disk (WMV/WMA/ASF).
const ASF_HEADER_GUID = Buffer.from('3026b2758e66cf11a6d900aa0062ce6c', 'hex');
// Top-level QuickTime atoms that may open a .mov written before the ftyp atom existed.
const CLASSIC_QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);
// EBML (WebM, Matroska): the header element's ID, and its DocType child's.
const EBML_MAGIC = Buffer.from('1a45dfa3', 'hex');
const EBML_DOCTYPE_ID = 0x4282;
/** The EBML DocTypes accepted: WebM (browsers' and Android's recorders) and Matroska, its superset (OBS, Chrome's MKV recording). */
const EBML_DOCTYPES: Record<string, string> = { webm: 'video/webm', matroska: 'video/x-matroska' };

function ascii(bytes: Buffer, start: number, end: number): string {
  return bytes.subarray(start, end).toString('latin1');
}

/**
 * The content type a file really has, decided from its first bytes only (D11): never from its
 * name or the type the browser declared. Returns null when the bytes are not an accepted type of
 * that kind.
 */
export function sniffMediaType(head: Buffer, kind: UploadKind): string | null {
  if (kind === 'caption') return sniffCaption(head);
  return kind === 'video' ? sniffVideo(head) : sniffImage(head);
}

/**
 * A caption file is text: no NUL byte, and it opens (after a UTF-8 byte-order mark and blank lines)
 * as WebVTT's signature or a SubRip cue's number or timing. The whole file is read when it
 * arrives (caption-file.ts); this only stops an image or a program named .vtt at the first bytes.
 */
function sniffCaption(head: Buffer): string | null {
  if (head.includes(0)) return null;
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .replace(/^[\r\n]+/, '');
  if (/^WEBVTT([ \t\r\n]|$)/.test(text) || text === 'WEBVTT'.slice(0, text.length)) return 'text/vtt';
  return /^\d/.test(text) ? 'text/vtt' : null;
}

function sniffVideo(head: Buffer): string | null {
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') return isoMediaType(ascii(head, 8, 12));
  if (head.length >= 8 && CLASSIC_QUICKTIME_ATOMS.has(ascii(head, 4, 8))) {
    const atomSize = head.readUInt32BE(0);
    // A real atom is at least its 8-byte header (size 1 means a 64-bit size follows).
    if (atomSize === 1 || atomSize >= 8) return 'video/quicktime';
  }
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'AVI ') return 'video/x-msvideo';
  if (head.length >= 16 && head.subarray(0, 16).equals(ASF_HEADER_GUID)) return 'video/x-ms-wmv';
  if (head.length >= 4 && head.subarray(0, 4).equals(EBML_MAGIC)) {
    const docType = ebmlDocType(head);
    return docType === null ? null : (EBML_DOCTYPES[docType] ?? null);
  }
  return null;
}

/**
 * ISO base media: the major brand tells QuickTime and the phones' 3GPP (3gp4, 3gp5, 3gp6, 3ge6,
 * 3gs7...) and 3GPP2 (3g2a, 3g2b, 3g2c) files from the MP4 family (isom, mp41, mp42, avc1, M4V...).
 */
function isoMediaType(majorBrand: string): string {
  if (majorBrand === 'qt  ') return 'video/quicktime';
  if (majorBrand.startsWith('3g2')) return 'video/3gpp2';
  if (majorBrand.startsWith('3g')) return 'video/3gpp';
  return 'video/mp4';
}

/**
 * The DocType of an EBML header ('webm', 'matroska'), or null when the bytes are not a whole EBML
 * header's opening with one. Reads the header's children (ID, size, value) within the bytes given.
 */
function ebmlDocType(head: Buffer): string | null {
  const headerSize = readVint(head, EBML_MAGIC.length);
  if (!headerSize) return null;
  const end = Math.min(head.length, EBML_MAGIC.length + headerSize.length + headerSize.value);
  let at = EBML_MAGIC.length + headerSize.length;
  while (at < end) {
    const id = readVint(head, at, true);
    if (!id) return null;
    const size = readVint(head, at + id.length);
    if (!size) return null;
    const valueAt = at + id.length + size.length;
    if (id.value === EBML_DOCTYPE_ID) {
      if (size.value > 32 || valueAt + size.value > head.length) return null;
      // A string element may be padded with zero bytes.
      return ascii(head, valueAt, valueAt + size.value).replace(/\0+$/, '');
    }
    at = valueAt + size.value;
  }
  return null;
}

/**
 * An EBML variable-length integer at `at`: its length is told by the first byte's leading zeros
 * (1 to 8 bytes). An element ID keeps its length marker (`keepMarker`); a size drops it.
 */
function readVint(bytes: Buffer, at: number, keepMarker = false): { value: number; length: number } | null {
  if (at >= bytes.length) return null;
  const first = bytes[at]!;
  if (first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length || length > (keepMarker ? 4 : 8)) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i += 1) value = value * 256 + bytes[at + i]!;
  return { value, length };
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
