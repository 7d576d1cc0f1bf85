import { checkField, normaliseTag, normaliseTags, tagsSchema } from '@campus-clips/rules';
import type { FieldProblems } from '../../shared/validation';

/**
 * The hashtag rule is @campus-clips/rules' (the Create Post form applies the same): 'Golden Hour'
 * → 'GoldenHour', '#été!' → 'été', case kept for display; matching ignores it (the
 * posts_tag_keys index and byTag).
 */
export { normaliseTag, normaliseTags };

/**
 * A new post's tags, normalised. The limits (D10) apply to the tags as they will be stored. (The
 * spec's REST create call sends one comma-separated string: the REST adapter splits it.)
 */
export function checkTags(problems: FieldProblems, value: readonly string[] | null | undefined): string[] {
  return problems.take('tags', checkField(tagsSchema, [...(value ?? [])]), []);
}
