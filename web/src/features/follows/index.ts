// The follows feature's public API: the Follow/Following button on people cards, profiles and the
// clip player, with what following changes in the Apollo cache.
export { FollowButton } from './follow-button';
