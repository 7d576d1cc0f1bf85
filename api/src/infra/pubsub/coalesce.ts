/**
 * Per key, at most one call of `send` per `windowMs`: the first change is sent at once, and any
 * further changes within the window are sent together once when it ends (so the last call always
 * comes after the last change). For pushes whose receiver reads the current state afresh, such as
 * an unread count: twenty like/unlike toggles in a second then cost a few pushes, not twenty, and
 * the last one carries the count as it finally is.
 */
export function coalescePerKey(windowMs: number, send: (key: string) => void) {
  /** Keys inside a window; true when a change has come since the window's send. */
  const windows = new Map<string, { pending: boolean; timer: NodeJS.Timeout }>();
  const open = (key: string) => {
    const timer = setTimeout(() => {
      const window = windows.get(key);
      windows.delete(key);
      if (window?.pending) {
        send(key);
        open(key);
      }
    }, windowMs);
    timer.unref();
    windows.set(key, { pending: false, timer });
  };
  return {
    changed(key: string): void {
      const window = windows.get(key);
      if (window) {
        window.pending = true;
        return;
      }
      send(key);
      open(key);
    },
    /** Drops what is waiting (the app is closing). */
    stop(): void {
      for (const window of windows.values()) clearTimeout(window.timer);
      windows.clear();
    },
  };
}
