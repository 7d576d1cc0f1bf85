export const MAX_TAGS = 30;
export const MAX_TAG_LENGTH = 50;
export const MAX_CAPTION_LENGTH = 2200;

/** "fun, #campus,, event" -> ['fun', 'campus', 'event']: trimmed, no leading #, no blanks or repeats. */
export function parseTags(input: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of input.split(',')) {
    const tag = raw.trim().replace(/^#+/, '').trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** The D10 limits, mirrored from the server so the user hears about them before submitting. */
export function checkTags(tags: string[]): string | null {
  if (tags.length > MAX_TAGS) return `Use at most ${MAX_TAGS} tags`;
  if (tags.some((tag) => [...tag].length > MAX_TAG_LENGTH)) return `Each tag must be at most ${MAX_TAG_LENGTH} characters`;
  return null;
}
