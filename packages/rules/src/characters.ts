import * as z from 'zod/mini';

/**
 * Counts characters as code points, so an emoji is one character, not two UTF-16 units. Every
 * length limit counts this way, in the browser and on the server; `string.length` and the
 * `maxLength` attribute count UTF-16 units and must not be used for them.
 */
export function charCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** At most `max` characters (code points), else `message`. */
export function atMostChars(max: number, message: string) {
  return z.refine<string>((text) => charCount(text) <= max, { error: message });
}

/** At least `min` characters (code points), else `message`. */
export function atLeastChars(min: number, message: string) {
  return z.refine<string>((text) => charCount(text) >= min, { error: message });
}
