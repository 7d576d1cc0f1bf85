import { ValidationError } from '../../shared/errors';
import { definePolicy } from '../../shared/policy';

/** Blocking and muting are the caller's own settings; anyone but oneself may be blocked or muted. */
export const blockPolicy = definePolicy({
  block: {
    message: 'You cannot block yourself.',
    allow: (actor, targetUid: string) => targetUid !== actor.uid,
    refuse: (message) => new ValidationError({ userId: message }),
  },
  mute: {
    message: 'You cannot mute yourself.',
    allow: (actor, targetUid: string) => targetUid !== actor.uid,
    refuse: (message) => new ValidationError({ userId: message }),
  },
});
