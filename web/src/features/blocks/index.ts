// The blocks feature's public API (issue 14): block, unblock, mute and unmute with their cache
// updates, for the profile page, the report dialog and Settings' lists.
export { useBlockMute } from './block-mute';
