/** feeds: Home, Explore and tag pages (no table of their own: they read posts and follows). Its public surface. */
export { FeedResolver } from './feed.resolver';
export { FeedService } from './feed.service';
export { feedRestRoutes } from './feed.rest';
