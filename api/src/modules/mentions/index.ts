/**
 * mentions: @mentions in captions and comments, stored by account with where their '@Name' sits;
 * which people a new text may mention, and `Mention.user`. Posts and comments store and notify
 * them (notifications' notifyMentions). Its public surface.
 */
export { Mention, type StoredMention } from './mention.types';
export { MentionResolver } from './mention.resolver';
export { MentionService } from './mention.service';
export { placeMentions } from './place-mentions';
