import { normaliseTag, normaliseTags } from '@campus-clips/rules';

/**
 * The hashtag rule is @campus-clips/rules' (the Create Post form applies the same): 'Golden Hour'
 * → 'GoldenHour', '#été!' → 'été', case kept for display; matching ignores it (the
 * posts_tag_keys index and byTag).
 */
export { normaliseTag, normaliseTags };
