import { UNVERIFIED_EMAIL_MESSAGE } from '../../shared/errors';
import { definePolicy } from '../../shared/policy';

/** A comment as the rules judge it: who wrote it, and who wrote the post it is on. */
export interface CommentSubject {
  authorUid: string;
  postAuthorUid: string;
}

/** Who may do what to a comment. Anyone signed in whose e-mail is verified may comment on any post they see (posts are public). */
export const commentPolicy = definePolicy({
  /** Commenting on a post (and mentioning people in the comment): a verified e-mail (D16). */
  create: {
    message: UNVERIFIED_EMAIL_MESSAGE,
    verifiedOnly: true,
    allow: (_actor, _post: { id: string }) => true,
  },
  /** Its author, or the author of the post it is on (they keep their own thread clean). */
  delete: {
    message: 'You can only delete your own comments.',
    allow: (actor, comment: CommentSubject) => comment.authorUid === actor.uid || comment.postAuthorUid === actor.uid,
  },
});
