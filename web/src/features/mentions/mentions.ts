// @mentions in captions and comments (issue 15, part 3): finding the '@query' being typed, the ids
// of the people picked whose '@Name' is still in the text, and splitting a stored text by the
// server's mention ranges (UTF-16 offsets, as JavaScript strings count) for display.
import { LIMITS, charCount } from '@campus-clips/rules';

// Displaying mentions needs none of the typing rules (nor @campus-clips/rules' zod): its own module.
export { splitByMentions, type MentionRange, type MentionSegment } from './mention-segments';

/** A person picked from the suggestions, by id, with the name that was written for them. */
export type MentionPick = { id: string; name: string };

/** The '@query' the caret is in: `start` is the offset of the '@'. */
export type MentionTrigger = { start: number; query: string };

// Letters first, then letters, digits, marks and the punctuation of names; one space allowed
// between two words ("@Maya Lo"), none twice in a row, no longer than a display name can be.
const QUERY = /^\p{L}[\p{L}\p{M}\p{N}._'’-]*(?: [\p{L}\p{M}\p{N}._'’-]*)?$/u;
const MAX_QUERY_LENGTH = LIMITS.displayName.max;

/**
 * The mention being typed before `caret`: an '@' at the start of the text or after white space,
 * followed by at least one letter. Null when the caret is not in one.
 */
export function findMentionTrigger(text: string, caret: number): MentionTrigger | null {
  const before = text.slice(0, Math.max(0, Math.min(caret, text.length)));
  const start = before.lastIndexOf('@');
  if (start < 0) return null;
  if (start > 0 && !/\s/.test(before[start - 1])) return null;
  const query = before.slice(start + 1);
  if (charCount(query) > MAX_QUERY_LENGTH || !QUERY.test(query)) return null;
  return { start, query };
}

/** The ids of the people picked whose '@Name' still appears in `text`, each once, in picking order. */
export function mentionedIds(text: string, picks: ReadonlyArray<MentionPick>): string[] {
  const ids: string[] = [];
  for (const pick of picks) {
    if (pick.name && text.includes(`@${pick.name}`) && !ids.includes(pick.id)) ids.push(pick.id);
  }
  return ids;
}
