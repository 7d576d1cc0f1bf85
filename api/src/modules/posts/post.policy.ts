import { UNVERIFIED_EMAIL_MESSAGE } from '../../shared/errors';
import { definePolicy } from '../../shared/policy';

/** Who may do what to a post. Anyone may read one; creating one takes the caller's own upload (uploads' policy). */
export const postPolicy = definePolicy({
  /**
   * Posting (an event post too, and with it mentioning people in the caption): a student whose
   * e-mail is verified (D16); the upload it claims must be their own (uploads' policy).
   */
  create: {
    message: UNVERIFIED_EMAIL_MESSAGE,
    verifiedOnly: true,
    allow: (_actor, _none: null) => true,
  },
  delete: {
    message: 'You can only delete your own posts.',
    allow: (actor, post: { authorUid: string }) => post.authorUid === actor.uid,
  },
  /** Add, replace or remove the clip's caption tracks (modules/caption-tracks). */
  editCaptions: {
    message: 'You can only change the captions of your own posts.',
    allow: (actor, post: { authorUid: string }) => post.authorUid === actor.uid,
  },
  /**
   * Fetch the files of a post /media serves to no one else (hidden for review), through granted
   * URLs. Only its author reads such a post (post-visibility.ts); moderators watch it in the queue,
   * which moderation's policy opens.
   */
  fetchHiddenMedia: {
    message: 'Post not found',
    allow: (actor, post: { authorUid: string }) => post.authorUid === actor.uid,
  },
});
