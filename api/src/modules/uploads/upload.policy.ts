import { definePolicy } from '../../shared/policy';

/**
 * An upload is its owner's: only they send its chunks, post its video or make its image their
 * photo. Claiming one that is not yours answers as if it did not exist (MediaService), so a guessed
 * URL reveals nothing.
 */
export const uploadPolicy = definePolicy({
  use: {
    message: 'This upload belongs to someone else.',
    allow: (actor, upload: { ownerUid: string }) => upload.ownerUid === actor.uid,
  },
});
