import type { DataSource } from 'typeorm';
import type { MediaService } from '../media/media-service';
import type { RateLimiter } from '../shared/rate-limiter';
import { AccountService, type IdentityAdmin } from './accounts/account.service';
import { CalendarService } from './calendar/calendar.service';
import type { CommentEvents } from './comments/comment-events';
import { CommentService } from './comments/comment.service';
import { FollowService } from './follows/follow.service';
import { LikeService } from './likes/like.service';
import { FeedService } from './posts/feed.service';
import { PostService } from './posts/post.service';
import { UserService } from './users/user.service';

/** Every service, built once per process and shared by GraphQL, REST and the tests. */
export interface Services {
  users: UserService;
  posts: PostService;
  feeds: FeedService;
  likes: LikeService;
  follows: FollowService;
  comments: CommentService;
  calendar: CalendarService;
  accounts: AccountService;
}

export interface ServiceDeps {
  db: DataSource;
  media: MediaService;
  commentEvents: CommentEvents;
  identity: IdentityAdmin;
  limits: RateLimiter;
}

export function createServices({ db, media, commentEvents, identity, limits }: ServiceDeps): Services {
  const users = new UserService(db, media, limits);
  const posts = new PostService(db, media, limits);
  return {
    users,
    posts,
    feeds: new FeedService(db),
    likes: new LikeService(db, posts, limits),
    follows: new FollowService(db, users, limits),
    comments: new CommentService(db, posts, users, commentEvents, limits),
    calendar: new CalendarService(db),
    accounts: new AccountService(db, media, identity),
  };
}
