// The mentions feature's public API: the text field that suggests @people as one types (new posts,
// comments) and the text that links the people a caption or comment mentions.
export { MentionField, type MentionValue } from './mention-field';
export { MentionText } from './mention-text';
export type { MentionRange } from './mentions';
