// The feed feature's public API: the list of post cards with infinite scroll and the full-screen
// viewer, for another feature's page of posts (an organization's posts and events, issue 26).
// Its pages are not listed here: app/router.tsx loads them lazily by their own paths.
export { FEED_PAGE_SIZE, FeedEmptyState, PostFeed } from './post-feed';
export type { FeedConnection } from './use-feed-query';
