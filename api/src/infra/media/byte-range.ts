/** An inclusive byte range of a file of known size. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a `Range` header for one file of `size` bytes. Returns null when the whole file should be
 * sent (no header, or a form we do not serve such as several ranges), 'unsatisfiable' for 416.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim());
  if (!match) return null; // multiple or unknown ranges: serving the whole file is allowed (RFC 9110 §14.2)
  const [, startText, endText] = match;
  if (startText === '' && endText === '') return null;
  if (startText === '') {
    // Suffix range: the last N bytes.
    const suffix = Number(endText);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(startText);
  if (start >= size) return 'unsatisfiable';
  const end = endText === '' ? size - 1 : Math.min(Number(endText), size - 1);
  if (end < start) return null;
  return { start, end };
}
