import { createRoot, type Root } from 'react-dom/client';
import { Toast, type ToastTone } from './toast';

/**
 * A toast that outlives the screen that raised it: 'Blocked Sam.' is said on the Home feed the
 * profile page navigates to. It renders <Toast> into its own small root at the end of <body>, so
 * no layout has to host it; one message at a time, hidden after a few seconds or when dismissed.
 */
let root: Root | null = null;
let container: HTMLElement | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

export function dismissFlashToast() {
  if (timer) clearTimeout(timer);
  timer = null;
  root?.render(null);
}

export function showFlashToast(message: string, tone: ToastTone = 'info', durationMs = 4000) {
  if (!root || !container?.isConnected) {
    root?.unmount();
    container = document.createElement('div');
    container.dataset.flashToast = '';
    document.body.appendChild(container);
    root = createRoot(container);
  }
  if (timer) clearTimeout(timer);
  root.render(<Toast message={message} tone={tone} onDismiss={dismissFlashToast} />);
  timer = setTimeout(dismissFlashToast, durationMs);
}
