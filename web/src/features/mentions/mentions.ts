// @mentions in captions and comments (issue 15, part 3): finding the '@query' being typed, the ids
// of the people picked whose '@Name' is still in the text, and splitting a stored text by the
// server's mention ranges (UTF-16 offsets, as JavaScript strings count) for display.
import { LIMITS, charCount } from '@campus-clips/rules';

/** A person picked from the suggestions, by id, with the name that was written for them. */
export type MentionPick = { id: string; name: string };

/** The '@query' the caret is in: `start` is the offset of the '@'. */
export type MentionTrigger = { start: number; query: string };

/** A mention as the api returns it: `user` is null when the viewer may not see that account. */
export type MentionRange = {
  start: number;
  length: number;
  user?: { id: string; displayName?: string | null } | null;
};

export type MentionSegment =
  { kind: 'text'; text: string } | { kind: 'mention'; text: string; user: { id: string; displayName?: string | null } };

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

/**
 * `text` cut into plain runs and mentions. A mention whose user is null (not visible to the viewer,
 * or deleted) stays plain text, as written; so does a range that is not inside the text, does not
 * start at an '@', or overlaps the one before it.
 */
export function splitByMentions(text: string, mentions: ReadonlyArray<MentionRange> | null | undefined): MentionSegment[] {
  const segments: MentionSegment[] = [];
  let position = 0;
  const sorted = [...(mentions ?? [])].sort((a, b) => a.start - b.start);
  for (const { start, length, user } of sorted) {
    if (!user) continue;
    const valid =
      Number.isInteger(start) &&
      Number.isInteger(length) &&
      start >= position &&
      length > 1 &&
      start + length <= text.length &&
      text[start] === '@';
    if (!valid) continue;
    if (start > position) segments.push({ kind: 'text', text: text.slice(position, start) });
    segments.push({ kind: 'mention', text: text.slice(start, start + length), user });
    position = start + length;
  }
  if (position < text.length) segments.push({ kind: 'text', text: text.slice(position) });
  return segments;
}
