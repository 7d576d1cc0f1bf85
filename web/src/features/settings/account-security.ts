// Firebase calls behind Settings: re-authenticate, change the password, delete the identity
// account. Kept apart from the components so the screens can be tested without Firebase.
import {
  browserPopupRedirectResolver,
  deleteUser,
  EmailAuthProvider,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
  updatePassword,
  updateProfile,
  type User,
} from 'firebase/auth';
import { auth } from '../../shared/session/firebase';
import { googleProvider } from '../../shared/session/google-sign-in';

function signedInUser(): User {
  const user = auth.currentUser;
  if (!user) throw new Error('Please sign in to access settings.');
  return user;
}

/** True when the account has an e-mail/password credential (Google-only accounts have none). */
export function hasPasswordSignIn(): boolean {
  return Boolean(auth.currentUser?.providerData.some((provider) => provider.providerId === 'password'));
}

export async function reauthenticate(currentPassword: string | null): Promise<void> {
  const user = signedInUser();
  if (currentPassword !== null) {
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email ?? '', currentPassword));
  } else {
    await reauthenticateWithPopup(user, googleProvider(), browserPopupRedirectResolver);
  }
}

/** Spec §7: re-authenticate with e-mail and current password, then set the new password. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await reauthenticate(currentPassword);
  await updatePassword(signedInUser(), newPassword);
}

/** Update the identity profile's display name and photo. */
export async function updateIdentityProfile(profile: { displayName: string; photoURL?: string | null }): Promise<void> {
  await updateProfile(signedInUser(), profile);
}

/** Delete the Firebase user if the server has not already done so. */
export async function deleteIdentityAccount(): Promise<void> {
  const user = auth.currentUser;
  if (!user) return;
  try {
    await deleteUser(user);
  } catch (error) {
    // The api's deleteAccount removes the identity account itself; a second delete then fails
    // with user-not-found or a revoked token, which is the outcome we wanted anyway.
    console.info('Identity account already removed', error);
  }
}
