// A stored caption or comment cut by the server's mention ranges (UTF-16 offsets, as JavaScript
// strings count) for display. Apart from mentions.ts so the feed's cards do not load the typing rules.

/** A mention as the api returns it: `user` is null when the viewer may not see that account. */
export type MentionRange = {
  start: number;
  length: number;
  user?: { id: string; displayName?: string | null } | null;
};

export type MentionSegment =
  { kind: 'text'; text: string } | { kind: 'mention'; text: string; user: { id: string; displayName?: string | null } };

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
