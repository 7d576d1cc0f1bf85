// Each screen names itself in the browser tab, which is also what a screen reader announces
// after navigation.
import { useEffect } from 'react';

/** Sets the tab title; '' means the bare product name, null leaves it to someone else. */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title === null) return;
    document.title = title ? `${title} · Campus Clips` : 'Campus Clips';
  }, [title]);
}
