import * as z from 'zod/mini';
import { atMostChars, charCount } from './characters';
import { checkField } from './check';
import { checkForm, type FormChecked } from './form';
import { mentionIdsSchema } from './mentions';
import { LIMITS } from './limits';
import { MESSAGES, TEXT_MESSAGES } from './messages';
import { multiLineText } from './text';

/** A caption: at most 2,200 characters once trimmed; it may be empty; line breaks, but no other control characters. */
export const captionSchema = z
  .string()
  .check(z.trim(), multiLineText(TEXT_MESSAGES.caption), atMostChars(LIMITS.caption, MESSAGES.captionLong));

/** Everything a hashtag cannot hold: it keeps letters, digits and combining marks of any script, and '_'. */
const NOT_IN_A_TAG = /[^\p{L}\p{M}\p{N}_]/gu;

/**
 * One tag by the hashtag convention: 'Golden Hour' → 'GoldenHour', '#été!' → 'été'. Case is kept
 * for display; matching ignores it (the api's posts_tag_keys index and byTag). NFC, so an accent
 * typed as a separate mark and a precomposed one are the same tag.
 */
export function normaliseTag(text: string): string {
  return text.normalize('NFC').replace(NOT_IN_A_TAG, '');
}

/** Tags as stored: normalised, without those left empty and without repeats in any case (the first spelling stays). */
export function normaliseTags(raw: readonly string[]): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const tag of raw.map(normaliseTag)) {
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

/** "Golden Hour, #campus,, golden hour" → ['GoldenHour', 'campus']: what the Tags field and the REST create call send. */
export function parseTags(commaSeparated: string): string[] {
  return normaliseTags(commaSeparated.split(','));
}

/** The D10 limits on tags as they will be stored: at most 30, each at most 50 characters. */
const storedTagsSchema = z.array(z.string()).check(
  z.refine((tags) => tags.length <= LIMITS.tags.count, { error: MESSAGES.tooManyTags, abort: true }),
  z.refine((tags) => tags.every((tag) => charCount(tag) <= LIMITS.tags.length), { error: MESSAGES.tagLong }),
);

/** A new post's tags, from a list or one comma-separated string, normalised, then held to the limits. */
export const tagsSchema = z.pipe(
  z.pipe(
    z.union([z.string(), z.array(z.string())]),
    z.transform((value: string | string[]) => (typeof value === 'string' ? parseTags(value) : normaliseTags(value))),
  ),
  storedTagsSchema,
);

/**
 * The create-post form's own fields, as one check: the caption, the tags (a list, or the comma-
 * separated string the Tags box and the REST call hold) and the people the caption mentions. The
 * video and the event are checked apart (the upload, checkEventFields).
 */
export function checkPostForm(form: {
  caption?: string | null;
  tags?: string | readonly string[] | null;
  mentions?: readonly string[] | null;
}): FormChecked<{ caption: string; tags: string[]; mentions: string[] }> {
  const tags = form.tags ?? [];
  return checkForm({
    caption: checkField(captionSchema, form.caption ?? ''),
    tags: checkField(tagsSchema, typeof tags === 'string' ? tags : [...tags]),
    mentions: checkField(mentionIdsSchema, form.mentions ? [...form.mentions] : null),
  });
}
