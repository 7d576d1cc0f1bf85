// Test helper: a fixed auth state, no Firebase.
import type { ReactNode } from 'react';
import { AuthContextProvider, type AuthContextValue, type CurrentUser } from '../../session/auth-context';

export const testUser: CurrentUser = {
  uid: 'student-a',
  displayName: 'Ada Student',
  photoURL: null,
  email: 'ada@uni.example',
  emailVerified: true,
};

export function authState(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    currentUser: testUser,
    loading: false,
    initializing: false,
    profileStatus: 'complete',
    getIdToken: async () => 'test-token',
    signOut: async () => undefined,
    applySyncedUser: () => undefined,
    refreshCurrentUser: () => undefined,
    reloadEmailVerified: async () => true,
    refusal: null,
    clearRefusal: () => undefined,
    ...overrides,
  };
}

export function WithAuth({ value, children }: { value: AuthContextValue; children: ReactNode }) {
  return <AuthContextProvider value={value}>{children}</AuthContextProvider>;
}
