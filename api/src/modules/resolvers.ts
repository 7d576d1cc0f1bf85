import { AccountResolver } from './accounts';
import { BlockResolver } from './blocks';
import { ModerationResolver } from './moderation';
import { CalendarResolver } from './calendar';
import { EventsResolver, PostEventResolver } from './events';
import { CommentResolver, PostCommentsResolver } from './comments';
import { FeedResolver } from './feeds';
import { FollowResolver } from './follows';
import { LikeResolver } from './likes';
import { MentionResolver } from './mentions';
import { NotificationResolver } from './notifications';
import { PostResolver, UserPostsResolver } from './posts';
import { UserResolver } from './users';
import { VideoProcessingResolver } from './video-processing';

/** Every feature's resolvers: the GraphQL schema is built from these classes (graphql/schema.ts). */
export const RESOLVERS = [
  UserResolver,
  FollowResolver,
  AccountResolver,
  PostResolver,
  UserPostsResolver,
  FeedResolver,
  LikeResolver,
  CommentResolver,
  PostCommentsResolver,
  CalendarResolver,
  VideoProcessingResolver,
  BlockResolver,
  ModerationResolver,
  NotificationResolver,
  MentionResolver,
  EventsResolver,
  PostEventResolver,
] as const;
