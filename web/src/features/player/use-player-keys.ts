import { useEffect, useRef, type Dispatch, type KeyboardEvent, type RefObject, type SetStateAction } from 'react';
import { keepTabInside } from '../../shared/components/modal-dialog';

/**
 * The player's keys: Escape closes the comments sheet or the player, Tab stays inside, arrows,
 * Page keys and j/k page through the clips, m mutes, c shows or hides captions (on a clip that has
 * some), Space pauses. Returns the dialog's onKeyDown.
 */
export function usePlayerKeys({
  dialogRef,
  commentsOpen,
  closeComments,
  onClose,
  goTo,
  activeIndex,
  muted,
  setMuted,
  setPaused,
  toggleCaptions,
}: {
  dialogRef: RefObject<HTMLDivElement | null>;
  commentsOpen: boolean;
  closeComments: () => void;
  onClose: () => void;
  goTo: (index: number) => void;
  activeIndex: number;
  muted: boolean;
  setMuted: (muted: boolean) => void;
  setPaused: Dispatch<SetStateAction<boolean>>;
  /** Absent when the clip on screen has no captions. */
  toggleCaptions?: () => void;
}) {
  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>, target = event.target as HTMLElement) {
    // Keys from a dialog opened on top (a report, a delete question) are that dialog's own.
    if (!dialogRef.current?.contains(target)) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (commentsOpen) closeComments();
      else onClose();
      return;
    }
    if (event.key === 'Tab') {
      keepTabInside(event, dialogRef.current);
      return;
    }
    // Typing a comment, or moving inside the comments sheet, is not paging through clips.
    if (target.closest('input, textarea, select, [contenteditable="true"], [data-viewer-sheet]')) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const onControl = target.closest('button, a') !== null;
    switch (event.key) {
      case 'ArrowDown':
      case 'PageDown':
      case 'j':
        goTo(activeIndex + 1);
        break;
      case 'ArrowUp':
      case 'PageUp':
      case 'k':
        goTo(activeIndex - 1);
        break;
      case 'm':
        setMuted(!muted);
        break;
      case 'c':
        if (!toggleCaptions) return;
        toggleCaptions();
        break;
      case ' ':
        if (onControl) return; // Space presses the focused button
        setPaused((value) => !value);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  // A control that goes away while focused (the comment field is disabled while it sends) leaves
  // focus on the page's body: the dialog takes it back, and the key pressed with it.
  const keyHandler = useRef(handleKeyDown);
  useEffect(() => {
    keyHandler.current = handleKeyDown;
  });
  useEffect(() => {
    const onDocumentKey = (event: globalThis.KeyboardEvent) => {
      const dialog = dialogRef.current;
      if (!dialog || (document.activeElement && document.activeElement !== document.body)) return;
      dialog.focus({ preventScroll: true });
      keyHandler.current(event as unknown as KeyboardEvent<HTMLDivElement>, dialog);
    };
    document.addEventListener('keydown', onDocumentKey);
    return () => document.removeEventListener('keydown', onDocumentKey);
  }, [dialogRef]);

  return handleKeyDown;
}
