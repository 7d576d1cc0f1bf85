// The post feature's public API: the only part of it another feature may import (the feed shows
// the card and scopes its autoplay; the profile pages put the delete control on their own posts).
// Its pages are not listed here: app/router.tsx loads each page module lazily by its own path.
export { PostCard } from './post-card';
export { NowPlayingProvider } from './now-playing';
export { DeletePostControl } from './delete-post-control';
export { ProcessingNotice } from './processing-notice';
export { useMyPostUpdates } from './use-my-post-updates';
// The clip player (features/player) shows the same comments and likes over its clips.
export { CommentsPanel } from './comments-panel';
export { useToggleLike } from './use-toggle-like';
// A clip's own page shows its transcript, and its author's captions (issue 28).
export { Transcript } from './transcript';
export { CaptionTracksEditor } from './caption-tracks-editor';
