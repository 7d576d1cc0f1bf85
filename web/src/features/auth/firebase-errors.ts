// Firebase Auth error codes mapped to the banners of spec §8. Each function returns the text the
// user sees, or null when the spec says to stay silent (a popup the user closed).

export const authMessages = {
  invalidCredentials: 'Invalid email or password. Please try again.',
  disabled: 'This account has been disabled. Please contact support.',
  tooManyRequests: 'Too many unsuccessful login attempts. Please try again later or reset your password.',
  network: 'Network error. Please check your internet connection.',
  signInFailed: 'Failed to sign in. Please try again.',
  popupBlockedSignIn: 'Sign-in popup was blocked by your browser. Please enable popups for this site.',
  popupBlockedSignUp: 'Sign-up popup was blocked by your browser. Please enable popups for this site.',
  differentCredentialSignIn: 'An account already exists with a different sign-in method for this email.',
  differentCredentialSignUp: 'An account already exists with the same email. Try signing in instead.',
  emailInUse: 'This email is already registered. Please sign in instead.',
  weakPassword: 'Please use a stronger password.',
  signUpFailed: 'Failed to create account. Please try again.',
  currentPasswordIncorrect: 'Current password is incorrect',
  recentLoginRequired: 'This operation is sensitive and requires recent authentication. Please log in again before retrying',
  passwordUpdateFailed: 'Failed to update password',
} as const;

export function errorCode(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') return error.code;
  return '';
}

/** The provider's own text without Firebase's "Firebase: ... (auth/code)." wrapping noise kept as is. */
function providerMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return 'Unknown error';
}

export function signInErrorMessage(error: unknown): string {
  switch (errorCode(error)) {
    case 'auth/invalid-email':
    case 'auth/user-not-found':
    case 'auth/wrong-password':
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
      return authMessages.invalidCredentials;
    case 'auth/user-disabled':
      return authMessages.disabled;
    case 'auth/too-many-requests':
      return authMessages.tooManyRequests;
    case 'auth/network-request-failed':
      return authMessages.network;
    default:
      return authMessages.signInFailed;
  }
}

export type GoogleFlow = 'sign-in' | 'sign-up';

export function googleErrorMessage(error: unknown, flow: GoogleFlow): string | null {
  switch (errorCode(error)) {
    case 'auth/popup-closed-by-user':
    case 'auth/cancelled-popup-request':
      return null;
    case 'auth/popup-blocked':
      return flow === 'sign-in' ? authMessages.popupBlockedSignIn : authMessages.popupBlockedSignUp;
    case 'auth/account-exists-with-different-credential':
      return flow === 'sign-in' ? authMessages.differentCredentialSignIn : authMessages.differentCredentialSignUp;
    case 'auth/network-request-failed':
      return authMessages.network;
    case 'auth/user-disabled':
      return authMessages.disabled;
    default:
      return flow === 'sign-in'
        ? `Failed to sign in with Google: ${providerMessage(error)}`
        : `Failed to sign up with Google: ${providerMessage(error)}`;
  }
}

export function signUpErrorMessage(error: unknown): string {
  switch (errorCode(error)) {
    case 'auth/email-already-in-use':
      return authMessages.emailInUse;
    case 'auth/weak-password':
      return authMessages.weakPassword;
    case 'auth/network-request-failed':
      return authMessages.network;
    default:
      return authMessages.signUpFailed;
  }
}

export function syncFailureMessage(message: string): string {
  return `Account created but profile couldn't be saved: ${message}`;
}

/** The spec's sync-failure banner, then what became of the new account and what to do next. */
export function unfinishedSignUpMessage(message: string, accountRemoved: boolean): string {
  const next = accountRemoved ? 'The new account was removed, so you can try again.' : 'Sign in to finish setting up your profile.';
  return `${syncFailureMessage(message.replace(/\.$/, ''))}. ${next}`;
}

/** Where a failed re-authentication or password update shows its message (spec §8 "Settings"). */
export interface PasswordChangeFailure {
  field: 'currentPassword' | null;
  message: string;
}

export function passwordChangeErrorMessage(error: unknown): PasswordChangeFailure {
  switch (errorCode(error)) {
    case 'auth/wrong-password':
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
      return { field: 'currentPassword', message: authMessages.currentPasswordIncorrect };
    case 'auth/requires-recent-login':
      return { field: null, message: authMessages.recentLoginRequired };
    default: {
      const message = error instanceof Error && error.message ? error.message : authMessages.passwordUpdateFailed;
      return { field: null, message };
    }
  }
}
