// Sending the e-mail verification link (issue 25, D16). The identity provider sends it
// (sendEmailVerification) and limits how often; the app adds its own cooldown between sends, kept
// per account in local storage so a reload does not reopen it. Sign-up sends the first link; the
// verify banner sends the next ones.
import { sendEmailVerification, type User } from 'firebase/auth';

/** Seconds between two links asked for from this browser (the provider has its own, longer limits). */
export const RESEND_COOLDOWN_SECONDS = 60;

const storageKey = (uid: string) => `campusClips.verificationSentAt.${uid}`;

/** When the last link for this account was asked for from this browser (ms since the epoch), or null. */
export function lastVerificationSentAt(uid: string): number | null {
  try {
    const stored = Number(window.localStorage.getItem(storageKey(uid)));
    return Number.isFinite(stored) && stored > 0 ? stored : null;
  } catch {
    return null; // storage unavailable (private mode): no cooldown is remembered across reloads
  }
}

function rememberSent(uid: string, at: number) {
  try {
    window.localStorage.setItem(storageKey(uid), String(at));
  } catch {
    // see lastVerificationSentAt
  }
}

/** Whole seconds left before another link may be asked for (0 when it may). */
export function cooldownRemaining(uid: string, now: number = Date.now()): number {
  const sentAt = lastVerificationSentAt(uid);
  if (sentAt === null) return 0;
  return Math.max(0, Math.ceil((sentAt + RESEND_COOLDOWN_SECONDS * 1000 - now) / 1000));
}

/** Asks the provider to send the link to `user`'s address; rejects with the provider's error. */
export async function sendVerificationLink(user: User): Promise<void> {
  // Counted from the request, so a failed send (e.g. the provider's limit) still waits a turn.
  rememberSent(user.uid, Date.now());
  await sendEmailVerification(user);
}

/** The provider's refusal in words a student can act on. */
export function verificationSendErrorMessage(error: unknown): string {
  const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : '';
  switch (code) {
    case 'auth/too-many-requests':
      return 'Too many links were asked for. The e-mail provider limits how often it sends them: please wait a few minutes, then try again.';
    case 'auth/network-request-failed':
      return 'Network error. Please check your internet connection.';
    case 'auth/user-token-expired':
    case 'auth/requires-recent-login':
      return 'Your session has expired. Please sign in again, then ask for a new link.';
    default: {
      const message = error instanceof Error && error.message ? error.message : 'Unknown error';
      return `Could not send the link: ${message}`;
    }
  }
}

/** Why "I've verified" could not ask the provider. */
export function verificationCheckErrorMessage(error: unknown): string {
  const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : '';
  if (code === 'auth/network-request-failed') return 'Network error. Please check your internet connection.';
  if (code === 'auth/user-token-expired' || code === 'auth/user-disabled') return 'Your session has expired. Please sign in again.';
  return 'Could not check your e-mail verification. Please try again.';
}
