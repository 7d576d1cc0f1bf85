import type { Viewer } from '../auth/viewer';
import { ForbiddenError, UnauthenticatedError } from './errors';

/**
 * Who may do what, answered in one place. Services call these; nothing else decides.
 */
export function requireViewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw new UnauthenticatedError();
  return viewer;
}

/** A uid named in a path or body must be the caller's own (D1). */
export function assertSelf(viewer: Viewer, uid: string | null | undefined, message = 'You can only act as yourself.'): void {
  if (uid !== undefined && uid !== null && uid !== viewer.uid) throw new ForbiddenError(message);
}

export function assertOwns(viewer: Viewer, ownerUid: string, message = 'You can only change your own things.'): void {
  if (ownerUid !== viewer.uid) throw new ForbiddenError(message);
}
