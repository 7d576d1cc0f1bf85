/** The signed-in caller, as vouched for by a verified Firebase ID token. Nothing else names the caller. */
export interface Viewer {
  uid: string;
  email: string | null;
  /** The display name and photo the identity provider holds (e.g. from Google). */
  name: string | null;
  picture: string | null;
  signInProvider: string | null;
  /**
   * The token's `email_verified` claim, as the identity provider vouches for it (never from the
   * client): the e-mail gate (shared/policy.ts, `verifiedOnly` rows) reads it.
   */
  emailVerified: boolean;
  /** A moderator's or admin's role (account-standing.ts); absent for a student. */
  role?: 'moderator' | 'admin';
}
