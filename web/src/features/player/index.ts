// The viewer feature's public API: the full-screen clip viewer (its dialog loads on demand) and the
// URL state (`?view=<postId>`) the lists that open it keep.
export { ClipViewer } from './clip-player';
export { useClipViewer, focusClipOpener } from './use-clip-player';
export type { ViewerPost } from './player-types';
