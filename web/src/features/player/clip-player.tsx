import { lazy, Suspense } from 'react';
import { createPortal } from 'react-dom';
import type { ClipViewerProps } from './player-types';

// The viewer's code (and its virtualiser) is fetched only when a clip is first opened: it is not
// part of the login screen's or a feed's first paint.
const ClipViewerDialog = lazy(() => import('./clip-player-dialog'));

/** The full-screen viewer, loaded on demand; a black screen stands in while its code arrives. */
export function ClipViewer(props: ClipViewerProps) {
  return (
    <Suspense
      fallback={createPortal(
        <div className="fixed inset-0 z-50 bg-black" role="status">
          <span className="sr-only">Loading clip</span>
        </div>,
        document.body,
      )}
    >
      <ClipViewerDialog {...props} />
    </Suspense>
  );
}
