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

/**
 * The first `max` characters of `text` (code points, as the limits count them): what a box that
 * stops at its limit keeps, so an emoji is never cut in half and 1,000 emoji fit in 1,000.
 */
export function upTo(text: string, max: number): string {
  return charCount(text) <= max ? text : Array.from(text).slice(0, max).join('');
}
