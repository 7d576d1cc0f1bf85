import { definePolicy } from '../../shared/policy';
import { RestrictedField } from '../../shared/graphql/restricted-field';

/** Who may do what to a profile. */
export const userPolicy = definePolicy({
  /**
   * D1: a uid a request names as the one acting (the REST adapter's `firebaseUid` and
   * `currentUserId`, a feed's `:uid`) must be the caller's own. Naming none means the caller.
   */
  actAs: {
    message: 'You can only act as yourself.',
    allow: (actor, uid: string | null | undefined) => uid === undefined || uid === null || uid === actor.uid,
  },
  /** A profile is changed by its owner alone. */
  update: {
    message: 'You can only change your own profile.',
    allow: (actor, profile: { id: string }) => profile.id === actor.uid,
  },
  /** D9: the fields marked @OwnerOnly() on User (e-mail, date of birth) are read by the profile's owner alone. */
  readOwnerOnly: {
    message: 'Only its owner can see that.',
    allow: (actor, profile: { id: string }) => profile.id === actor.uid,
  },
});

/**
 * Marks a User field as its owner's alone (D9). Declared once, on the entity: GraphQL answers null
 * to anyone else, the REST documents leave it out, and a live subscription selecting it is never
 * shared between subscribers (shared/graphql/restricted-field.ts).
 */
export function OwnerOnly(): PropertyDecorator {
  return RestrictedField<{ id: string }>((viewer, user) => userPolicy.can(viewer, 'readOwnerOnly', user));
}
