import { definePolicy } from '../../shared/policy';

/** A comment as the rules judge it: who wrote it, and who wrote the post it is on. */
export interface CommentSubject {
  authorUid: string;
  postAuthorUid: string;
}

/** Who may do what to a comment. Anyone signed in may comment on any post (posts are public). */
export const commentPolicy = definePolicy({
  /** Its author, or the author of the post it is on (they keep their own thread clean). */
  delete: {
    message: 'You can only delete your own comments.',
    allow: (actor, comment: CommentSubject) => comment.authorUid === actor.uid || comment.postAuthorUid === actor.uid,
  },
});
