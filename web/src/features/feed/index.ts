// The feed feature's public API: the infinite-scrolling list of post cards, for other features'
// lists of posts (the Events page). Its pages are not listed here: app/router.tsx loads them lazily.
export { FEED_PAGE_SIZE, FeedEmptyState, PostFeed } from './post-feed';
export { useFeedQuery } from './use-feed-query';
