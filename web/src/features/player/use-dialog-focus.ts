import { useEffect, type RefObject } from 'react';

/**
 * Focus while the player is open: opening it stops whatever played on the page underneath and
 * moves focus into the dialog; a control that is not there for the new clip (Follow on one's own
 * clip) may have had focus, and the dialog takes it back. Closing returns focus to the clip's
 * opener (`focusClipOpener`, the lists' job).
 */
export function useDialogFocus(dialogRef: RefObject<HTMLDivElement | null>, activeIndex: number) {
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.contains(document.activeElement)) dialog.focus({ preventScroll: true });
  }, [dialogRef, activeIndex]);

  useEffect(() => {
    const dialog = dialogRef.current;
    document.querySelectorAll('video').forEach((video) => {
      if (!dialog?.contains(video)) video.pause();
    });
    dialog?.focus();
  }, [dialogRef]);
}
