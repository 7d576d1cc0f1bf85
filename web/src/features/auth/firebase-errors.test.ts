import {
  googleErrorMessage,
  passwordChangeErrorMessage,
  signInErrorMessage,
  signUpErrorMessage,
  syncFailureMessage,
} from './firebase-errors';

/** Shaped like a FirebaseError: an Error with a code. */
function firebaseError(code: string, message = `Firebase: Error (${code}).`) {
  return Object.assign(new Error(message), { code });
}

describe('sign-in banner (spec §8)', () => {
  it.each(['auth/invalid-email', 'auth/user-not-found', 'auth/wrong-password', 'auth/invalid-credential'])(
    '%s reads as invalid credentials',
    (code) => {
      expect(signInErrorMessage(firebaseError(code))).toBe('Invalid email or password. Please try again.');
    },
  );

  it('maps disabled, throttled, offline and anything else', () => {
    expect(signInErrorMessage(firebaseError('auth/user-disabled'))).toBe('This account has been disabled. Please contact support.');
    expect(signInErrorMessage(firebaseError('auth/too-many-requests'))).toBe(
      'Too many unsuccessful login attempts. Please try again later or reset your password.',
    );
    expect(signInErrorMessage(firebaseError('auth/network-request-failed'))).toBe('Network error. Please check your internet connection.');
    expect(signInErrorMessage(firebaseError('auth/internal-error'))).toBe('Failed to sign in. Please try again.');
    expect(signInErrorMessage('boom')).toBe('Failed to sign in. Please try again.');
  });
});

describe('Google popup banner (spec §8)', () => {
  it('stays silent when the user closes or cancels the popup', () => {
    expect(googleErrorMessage(firebaseError('auth/popup-closed-by-user'), 'sign-in')).toBeNull();
    expect(googleErrorMessage(firebaseError('auth/cancelled-popup-request'), 'sign-up')).toBeNull();
  });

  it('words a blocked popup and an existing account per screen', () => {
    expect(googleErrorMessage(firebaseError('auth/popup-blocked'), 'sign-in')).toBe(
      'Sign-in popup was blocked by your browser. Please enable popups for this site.',
    );
    expect(googleErrorMessage(firebaseError('auth/popup-blocked'), 'sign-up')).toBe(
      'Sign-up popup was blocked by your browser. Please enable popups for this site.',
    );
    expect(googleErrorMessage(firebaseError('auth/account-exists-with-different-credential'), 'sign-in')).toBe(
      'An account already exists with a different sign-in method for this email.',
    );
    expect(googleErrorMessage(firebaseError('auth/account-exists-with-different-credential'), 'sign-up')).toBe(
      'An account already exists with the same email. Try signing in instead.',
    );
  });

  it('maps network and disabled the same on both screens', () => {
    for (const flow of ['sign-in', 'sign-up'] as const) {
      expect(googleErrorMessage(firebaseError('auth/network-request-failed'), flow)).toBe(
        'Network error. Please check your internet connection.',
      );
      expect(googleErrorMessage(firebaseError('auth/user-disabled'), flow)).toBe('This account has been disabled. Please contact support.');
    }
  });

  it("includes the provider's message for anything else", () => {
    const error = firebaseError('auth/operation-not-allowed', 'Google is not enabled');
    expect(googleErrorMessage(error, 'sign-in')).toBe('Failed to sign in with Google: Google is not enabled');
    expect(googleErrorMessage(error, 'sign-up')).toBe('Failed to sign up with Google: Google is not enabled');
  });
});

describe('e-mail sign-up banner (spec §8)', () => {
  it('maps every listed code and falls back', () => {
    expect(signUpErrorMessage(firebaseError('auth/email-already-in-use'))).toBe(
      'This email is already registered. Please sign in instead.',
    );
    expect(signUpErrorMessage(firebaseError('auth/weak-password'))).toBe('Please use a stronger password.');
    expect(signUpErrorMessage(firebaseError('auth/network-request-failed'))).toBe('Network error. Please check your internet connection.');
    expect(signUpErrorMessage(firebaseError('auth/internal-error'))).toBe('Failed to create account. Please try again.');
  });

  it('reports a failed sync with its message', () => {
    expect(syncFailureMessage('Connection failed')).toBe("Account created but profile couldn't be saved: Connection failed");
  });
});

describe('password change failures (spec §8 Settings)', () => {
  it('puts a wrong current password under its field', () => {
    expect(passwordChangeErrorMessage(firebaseError('auth/wrong-password'))).toEqual({
      field: 'currentPassword',
      message: 'Current password is incorrect',
    });
    expect(passwordChangeErrorMessage(firebaseError('auth/invalid-credential')).field).toBe('currentPassword');
  });

  it('explains a stale login, passes other messages through, and falls back', () => {
    expect(passwordChangeErrorMessage(firebaseError('auth/requires-recent-login'))).toEqual({
      field: null,
      message: 'This operation is sensitive and requires recent authentication. Please log in again before retrying',
    });
    expect(passwordChangeErrorMessage(firebaseError('auth/internal-error', 'Something broke')).message).toBe('Something broke');
    expect(passwordChangeErrorMessage({}).message).toBe('Failed to update password');
  });
});
