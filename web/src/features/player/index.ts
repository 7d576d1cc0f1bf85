// The player feature's public API: the full-screen clip player (its dialog loads on demand) and the
// URL state (`?view=<postId>`) the lists that open it keep.
export { ClipPlayer } from './clip-player';
export { useClipPlayer, focusClipOpener } from './use-clip-player';
export type { PlayerPost } from './player-types';
