import { definePolicy } from '../../shared/policy';

/** Who may do what to a post. Anyone may read one; creating one takes the caller's own upload (uploads' policy). */
export const postPolicy = definePolicy({
  delete: {
    message: 'You can only delete your own posts.',
    allow: (actor, post: { authorUid: string }) => post.authorUid === actor.uid,
  },
});
