// Auth state for the whole app (spec §3 "Auth context", §4 "Auth", D2, D8).
// Firebase is the source of truth; when it reports a user we first sync the profile record,
// then publish the user. The uid is mirrored to localStorage['firebaseUid'] only for
// compatibility (D2) and removed again on sign-out. The context it fills, and the hook screens
// read it with, are the shared session (shared/session/auth-context.tsx).
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { onAuthStateChanged, signOut as firebaseSignOut, type User } from 'firebase/auth';
import { auth } from '../../shared/session/firebase';
import { AuthContextProvider, type AuthContextValue, type CurrentUser, type ProfileStatus } from '../../shared/session/auth-context';
import type { SyncedUser } from '../../features/auth/sync-user';
import { CAMPUS_MESSAGES } from '../../shared/lib/campus-messages';
import { rememberUid } from './remembered-uid';

function toCurrentUser(user: User): CurrentUser {
  return { uid: user.uid, displayName: user.displayName, photoURL: user.photoURL, email: user.email, emailVerified: user.emailVerified };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [currentUser, setCurrentUser] = useState<CurrentUser | null>(null);
  const [initializing, setInitializing] = useState(true);
  const [syncing, setSyncing] = useState(false);
  const [profileStatus, setProfileStatus] = useState<ProfileStatus>('unknown');
  const [refusal, setRefusal] = useState<string | null>(null);
  // The uid whose profile a screen has already confirmed complete; a slower sync must not undo it.
  const confirmedCompleteUid = useRef<string | null>(null);
  const latestUid = useRef<string | null>(null);
  // Whose answers the Apollo cache holds: undefined before the first report, null signed out.
  const cachedUid = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    return onAuthStateChanged(auth, async (user) => {
      latestUid.current = user?.uid ?? null;
      if (!user) {
        cachedUid.current = null;
        rememberUid(null);
        confirmedCompleteUid.current = null;
        setCurrentUser(null);
        setProfileStatus('unknown');
        setSyncing(false);
        setInitializing(false);
        return;
      }
      rememberUid(user.uid);
      // The cache holds what the api answered the previous viewer (signed out, or another student),
      // viewerCan decisions included: a post read signed out said 'no comment'. Forget it first.
      if (cachedUid.current !== undefined && cachedUid.current !== user.uid) {
        const { resetApolloCache } = await import('../../shared/lib/apollo-instance');
        await resetApolloCache();
      }
      cachedUid.current = user.uid;
      setSyncing(true);
      setRefusal(null);
      let status: ProfileStatus = 'unknown';
      try {
        // An empty sync: the api takes uid, e-mail, name and photo from the verified token when it
        // creates the record, and never overwrites what the user has since edited in Settings.
        // Loaded on demand: nothing signed out needs it, and it stays out of the login screen's JavaScript.
        const { syncUserProfile } = await import('../../features/auth/sync-user');
        const synced = await syncUserProfile({});
        status = synced.dateOfBirth ? 'complete' : 'incomplete';
      } catch (error) {
        if (error instanceof Error && error.message === CAMPUS_MESSAGES.universityEmail) {
          // A restricted deployment turned this address away and removed the identity account it
          // had just made (a Google sign-in off every campus): sign out, and let the screen say why.
          setRefusal(error.message);
          const signedOut = await firebaseSignOut(auth).then(
            () => true,
            () => false,
          );
          if (signedOut) return; // the signed-out state follows from onAuthStateChanged
        }
        // The user is still signed in; screens that need the profile report their own errors.
        console.error('Failed to sync with database', error);
      }
      if (latestUid.current !== user.uid) return; // another user signed in meanwhile
      if (confirmedCompleteUid.current === user.uid) status = 'complete';
      setProfileStatus(status);
      setCurrentUser(toCurrentUser(user));
      setSyncing(false);
      setInitializing(false);
    });
  }, []);

  const getIdToken = useCallback(async () => (auth.currentUser ? auth.currentUser.getIdToken() : null), []);

  const signOut = useCallback(async () => {
    await firebaseSignOut(auth);
    rememberUid(null);
    const { resetApolloCache } = await import('../../shared/lib/apollo-instance');
    await resetApolloCache();
  }, []);

  const applySyncedUser = useCallback((user: Pick<SyncedUser, 'id' | 'dateOfBirth'>) => {
    if (user.dateOfBirth) confirmedCompleteUid.current = user.id;
    if (user.id === latestUid.current) setProfileStatus(user.dateOfBirth ? 'complete' : 'incomplete');
  }, []);

  const refreshCurrentUser = useCallback(() => {
    setCurrentUser(auth.currentUser ? toCurrentUser(auth.currentUser) : null);
  }, []);

  const reloadEmailVerified = useCallback(async () => {
    const user = auth.currentUser;
    if (!user) return false;
    await user.reload();
    // The token in hand still says email_verified: false; the api reads the claim, so take a new one.
    if (user.emailVerified) await user.getIdToken(true);
    if (auth.currentUser?.uid === user.uid) setCurrentUser(toCurrentUser(user));
    return user.emailVerified;
  }, []);

  const clearRefusal = useCallback(() => setRefusal(null), []);

  const value = useMemo<AuthContextValue>(
    () => ({
      currentUser,
      loading: initializing || syncing,
      initializing,
      profileStatus,
      getIdToken,
      signOut,
      applySyncedUser,
      refreshCurrentUser,
      reloadEmailVerified,
      refusal,
      clearRefusal,
    }),
    [
      currentUser,
      initializing,
      syncing,
      profileStatus,
      getIdToken,
      signOut,
      applySyncedUser,
      refreshCurrentUser,
      reloadEmailVerified,
      refusal,
      clearRefusal,
    ],
  );

  return <AuthContextProvider value={value}>{children}</AuthContextProvider>;
}
