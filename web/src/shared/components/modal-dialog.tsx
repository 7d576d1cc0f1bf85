import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE = 'button:not(:disabled), input:not(:disabled), textarea:not(:disabled), select:not(:disabled), a[href]';

type ModalDialogProps = {
  title: string;
  /** A sentence under the title that names what the dialog asks (announced with it). */
  description?: string;
  children: ReactNode;
  /** 'alertdialog' for a question before something that cannot be undone. */
  role?: 'dialog' | 'alertdialog';
  /** Tailwind max-width class of the panel. */
  width?: 'max-w-sm' | 'max-w-md';
  /** Escape, or a click outside, asks to close; ignored while `busy`. */
  onClose: () => void;
  busy?: boolean;
  className?: string;
};

/**
 * A modal dialog with a form or a question inside (the report dialog, a moderator's note): named
 * by its title, focus starts on its first control, Tab stays inside, Escape closes, and focus
 * returns to whatever opened it. ConfirmDialog is the yes/no question built on it.
 */
export function ModalDialog({
  title,
  description,
  children,
  role = 'dialog',
  width = 'max-w-md',
  onClose,
  busy = false,
  className = '',
}: ModalDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!busy) onClose();
      return;
    }
    if (event.key === 'Tab') keepTabInside(event, dialogRef.current);
  }

  return createPortal(
    // The backdrop: a click outside closes, as Escape does from the keyboard.
    <div
      role="presentation"
      className="fixed inset-0 z-50 flex items-center justify-center bg-gray-900/50 p-4"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !busy) onClose();
      }}
    >
      <div
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        aria-busy={busy || undefined}
        onKeyDown={handleKeyDown}
        className={`max-h-[90vh] w-full ${width} overflow-y-auto rounded-lg bg-white p-5 shadow-xl ${className}`}
      >
        <h2 id={titleId} className="text-lg font-semibold text-gray-900">
          {title}
        </h2>
        {description && (
          <p id={descriptionId} className="mt-2 text-sm text-gray-700">
            {description}
          </p>
        )}
        {children}
      </div>
    </div>,
    document.body,
  );
}

/**
 * Keeps Tab and Shift+Tab cycling through the controls inside `container` (a modal's focus trap);
 * call it from the container's keydown handler. The full-screen clip viewer uses it too.
 */
export function keepTabInside(event: KeyboardEvent<HTMLElement>, container: HTMLElement | null): void {
  const focusable = [...(container?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
  if (focusable.length === 0) {
    event.preventDefault();
    return;
  }
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const active = document.activeElement;
  // A group of radio buttons is one Tab stop: any of them counts as the first control.
  const atFirst =
    active === first ||
    (first instanceof HTMLInputElement &&
      first.type === 'radio' &&
      active instanceof HTMLInputElement &&
      active.type === 'radio' &&
      active.name === first.name);
  // Focus on the container itself (or outside it) counts as before the first control.
  const outside = active === container || !container?.contains(active);
  if (event.shiftKey && (atFirst || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}

export default ModalDialog;
