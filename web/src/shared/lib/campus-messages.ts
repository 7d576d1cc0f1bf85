// The api's words for the two campus-identity refusals (issue 25, D16), exact as the contract gives
// them: screens recognise the refusal by them and show them as they are.
export const CAMPUS_MESSAGES = {
  /** A restricted deployment refusing an address on no campus domain (sign-up check and sync). */
  universityEmail: 'Please use your university e-mail address.',
  /** A verified-only write (post, comment, report, mention, event) from an unverified account. */
  verifyFirst: 'Please verify your e-mail address first.',
} as const;

/** The GraphQL error code of a verified-only write refused for an unverified token. */
export const UNVERIFIED_CODE = 'FORBIDDEN_UNVERIFIED';
