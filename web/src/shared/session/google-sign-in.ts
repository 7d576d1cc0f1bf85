// Google popup sign-in (spec §4 "Google sign-up"): scopes profile and email, account chooser forced.
// The popup machinery is passed here, not at start-up, so the first bundle stays small.
import {
  browserPopupRedirectResolver,
  getAdditionalUserInfo,
  GoogleAuthProvider,
  signInWithPopup,
  type UserCredential,
} from 'firebase/auth';
import { auth } from './firebase';

export function googleProvider(): GoogleAuthProvider {
  const provider = new GoogleAuthProvider();
  provider.addScope('profile');
  provider.addScope('email');
  provider.setCustomParameters({ prompt: 'select_account' });
  return provider;
}

export function signInWithGoogle(): Promise<UserCredential> {
  return signInWithPopup(auth, googleProvider(), browserPopupRedirectResolver);
}

/** True when this Google sign-in created the identity account (a first visit, not a returning student). */
export function isNewAccount(credential: UserCredential): boolean {
  return getAdditionalUserInfo(credential)?.isNewUser ?? false;
}
