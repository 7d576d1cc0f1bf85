import { useCallback, useEffect, useRef, useState } from 'react';

export type ToastTone = 'error' | 'info';

/**
 * A short, non-blocking message (D5: "a short non-blocking error message tells the user what
 * failed"). The owner renders <Toast> and calls showToast(); it hides itself after a few seconds.
 */
export function useToast(durationMs = 4000) {
  const [message, setMessage] = useState<string | null>(null);
  const [tone, setTone] = useState<ToastTone>('error');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const dismiss = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setMessage(null);
  }, []);

  const showToast = useCallback(
    (text: string, toneOfText: ToastTone = 'error') => {
      if (timer.current) clearTimeout(timer.current);
      setMessage(text);
      setTone(toneOfText);
      timer.current = setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return { message, tone, showToast, dismiss };
}

type ToastProps = { message: string | null; onDismiss?: () => void; tone?: ToastTone };

export function Toast({ message, onDismiss, tone = 'error' }: ToastProps) {
  if (!message) return null;
  const colours = tone === 'error' ? 'bg-red-700 text-white' : 'bg-gray-900 text-white';
  return (
    <div
      role="status"
      aria-live="polite"
      className={`fixed bottom-4 left-1/2 z-50 flex max-w-[90vw] -translate-x-1/2 items-center gap-3 rounded-md px-4 py-2 text-sm shadow-lg ${colours}`}
    >
      <span>{message}</span>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss message"
          className="rounded px-1 focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
        >
          ×
        </button>
      )}
    </div>
  );
}

export default Toast;
