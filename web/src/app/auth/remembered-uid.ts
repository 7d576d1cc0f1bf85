// The uid of the student signed in on this device last time (spec: kept in localStorage), so the
// app can tell before Firebase answers that Home is the likely first screen.
export const UID_STORAGE_KEY = 'firebaseUid';

export function rememberUid(uid: string | null): void {
  try {
    if (uid) window.localStorage.setItem(UID_STORAGE_KEY, uid);
    else window.localStorage.removeItem(UID_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode); the auth state does not depend on it.
  }
}

export function rememberedUid(): string | null {
  try {
    return window.localStorage.getItem(UID_STORAGE_KEY);
  } catch {
    return null;
  }
}
