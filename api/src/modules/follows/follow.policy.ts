import { ValidationError } from '../../shared/errors';
import { definePolicy } from '../../shared/policy';

/** Who may follow whom. The follower is always the caller; unfollowing anyone is allowed (it changes only the caller's edges). */
export const followPolicy = definePolicy({
  /** Anyone but oneself. A request problem rather than a refusal: 400 on `userId`, as the form shows it. */
  follow: {
    message: 'You cannot follow yourself.',
    allow: (actor, targetUid: string) => targetUid !== actor.uid,
    refuse: (message) => new ValidationError({ userId: message }),
  },
});
