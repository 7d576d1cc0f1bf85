import type { StoredMention } from './mention.types';

/** A letter, digit or underscore: what may not touch a mention's '@Name' on either side. */
const WORD_CHARACTER = /[\p{L}\p{N}_]/u;

/**
 * Where each person's '@' + display name sits in `text`: the first occurrence no other mention
 * has claimed, standing as a word of its own (no letter, digit or underscore just before the '@'
 * or just after the name, so '@Ann' is not found inside '@Anna' nor in 'ann@Ann'). Longer names
 * claim first, so '@Ann Lee' is not taken by Ann. A person whose '@Name' is not in the text (or
 * who has no display name) is left out. Offsets and lengths in UTF-16 code units; ordered by start.
 * The match is exact (case and spacing): the web inserts the name as the account has it.
 */
export function placeMentions(text: string, people: ReadonlyArray<{ id: string; displayName: string | null }>): StoredMention[] {
  const claimed: StoredMention[] = [];
  const candidates = people
    .filter((person): person is { id: string; displayName: string } => !!person.displayName)
    .map((person) => ({ uid: person.id, handle: `@${person.displayName}` }))
    .sort((a, b) => b.handle.length - a.handle.length);
  for (const { uid, handle } of candidates) {
    for (let start = text.indexOf(handle); start >= 0; start = text.indexOf(handle, start + 1)) {
      const end = start + handle.length;
      const overlaps = claimed.some((other) => start < other.start + other.length && other.start < end);
      if (!overlaps && !touchesWord(text, start, end)) {
        claimed.push({ uid, start, length: handle.length });
        break;
      }
    }
  }
  return claimed.sort((a, b) => a.start - b.start);
}

function touchesWord(text: string, start: number, end: number): boolean {
  // The characters (code points, so an emoji is one) just before the '@' and just after the name.
  const before = [...text.slice(Math.max(0, start - 2), start)].pop() ?? '';
  const after = end < text.length ? String.fromCodePoint(text.codePointAt(end)!) : '';
  return WORD_CHARACTER.test(before) || WORD_CHARACTER.test(after);
}
