import { lazy, Suspense } from 'react';
import { createPortal } from 'react-dom';
import type { ClipPlayerProps } from './player-types';

// The player's code (and its virtualiser) is fetched only when a clip is first opened: it is not
// part of the login screen's or a feed's first paint.
const ClipPlayerDialog = lazy(() => import('./clip-player-dialog'));

/** The full-screen player, loaded on demand; a black screen stands in while its code arrives. */
export function ClipPlayer(props: ClipPlayerProps) {
  return (
    <Suspense
      fallback={createPortal(
        <div className="fixed inset-0 z-50 bg-black" role="status">
          <span className="sr-only">Loading clip</span>
        </div>,
        document.body,
      )}
    >
      <ClipPlayerDialog {...props} />
    </Suspense>
  );
}
