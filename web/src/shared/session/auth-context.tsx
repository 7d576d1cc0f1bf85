// The signed-in session every screen reads (spec §3 "Auth context", §4 "Auth", D2, D8): who is
// signed in, whether their profile is complete, and the calls that change it. The provider that
// fills it from Firebase is app/auth/auth-provider.tsx; features only read it through useAuth().
import { createContext, useContext } from 'react';
import type { SyncedUserFieldsFragment } from '../../graphql/graphql';

export interface CurrentUser {
  uid: string;
  displayName: string | null;
  photoURL: string | null;
  email: string | null;
  /**
   * The identity provider's email_verified (issue 25, D16): what the ID token tells the api. Posting,
   * commenting, reporting, mentions and events wait for it; the verify banner offers the link.
   */
  emailVerified: boolean;
}

/** Whether the profile record has a date of birth (D8): 'unknown' when the sync could not tell. */
export type ProfileStatus = 'unknown' | 'complete' | 'incomplete';

export interface AuthContextValue {
  currentUser: CurrentUser | null;
  /** True until the first auth state is known, and while a newly signed-in user is being synced. */
  loading: boolean;
  /** True only until Firebase reports the first auth state; the app renders nothing meanwhile. */
  initializing: boolean;
  profileStatus: ProfileStatus;
  getIdToken(): Promise<string | null>;
  signOut(): Promise<void>;
  /** Record the result of a sync or profile update made by a screen (sign-up, complete-profile). */
  applySyncedUser(user: Pick<SyncedUserFieldsFragment, 'id' | 'dateOfBirth'>): void;
  /** Re-read the Firebase user after its display name or photo changed. */
  refreshCurrentUser(): void;
  /**
   * Asks the identity provider again whether the e-mail is verified (user.reload()); when it now is,
   * takes a fresh ID token so the api sees email_verified, and publishes the user. Resolves with the answer.
   */
  reloadEmailVerified(): Promise<boolean>;
  /**
   * Why the last sign-in was turned away and signed out again (a restricted deployment refusing an
   * address off every campus: 'Please use your university e-mail address.'); null otherwise.
   */
  refusal: string | null;
  clearRefusal(): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** For tests and stories: provide a fixed auth state without Firebase. */
export const AuthContextProvider = AuthContext.Provider;
