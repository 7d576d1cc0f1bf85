import { useCallback, useSyncExternalStore } from 'react';

// Autoplay (spec §2 post card, issue 16): clips start muted, as browsers require; once the student
// unmutes, every clip after it plays with sound until they mute again. Kept for the browser tab's
// life, so closing and reopening the player does not mute them again.
let muted = true;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function setMuted(next: boolean): void {
  if (muted === next) return;
  muted = next;
  listeners.forEach((listener) => listener());
}

export function useMuted(): [boolean, (next: boolean) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => muted,
    () => true,
  );
  return [value, useCallback((next: boolean) => setMuted(next), [])];
}
