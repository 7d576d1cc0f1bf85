import { AccountResolver } from './accounts';
import { CaptionTrackResolver, PostCaptionTracksResolver } from './caption-tracks';
import { BLOCK_VIEWER_CAN, BlockResolver, BlockViewerCanResolver } from './blocks';
import {
  APP_MODERATION_CAN,
  COMMENT_MODERATION_CAN,
  CommentModerationCanResolver,
  ModerationResolver,
  POST_MODERATION_CAN,
  PostModerationCanResolver,
  TEAM_MEMBER_CAN,
  TeamMemberCanResolver,
  TeamMemberViewerCanResolver,
  USER_MODERATION_CAN,
  UserModerationCanResolver,
  ViewerCanResolver,
} from './moderation';
import { CalendarResolver } from './calendar';
import { EventsResolver, PostEventResolver } from './events';
import {
  COMMENT_VIEWER_CAN,
  CommentResolver,
  CommentViewerCanResolver,
  POST_COMMENT_CAN,
  PostCommentCanResolver,
  PostCommentsResolver,
} from './comments';
import { CampusResolver } from './campuses';
import { FeedResolver } from './feeds';
import { FOLLOW_VIEWER_CAN, FollowResolver, FollowViewerCanResolver } from './follows';
import { LikeResolver } from './likes';
import { MentionResolver } from './mentions';
import { NotificationResolver } from './notifications';
import {
  APP_ORGANIZATION_CAN,
  NotificationOrganizationResolver,
  ORGANIZATION_VIEWER_CAN,
  OrganizationAppCanResolver,
  OrganizationResolver,
  OrganizationViewerCanResolver,
  PostOrganizationResolver,
  UserOrganizationsResolver,
} from './organizations';
import { APP_POST_CAN, POST_VIEWER_CAN, PostResolver, PostViewerCanResolver, UserPostsResolver } from './posts';
import { SearchResolver } from './search';
import { USER_VIEWER_CAN, UserResolver, UserViewerCanResolver } from './users';
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
  SearchResolver,
  PostViewerCanResolver,
  CommentViewerCanResolver,
  UserViewerCanResolver,
  FollowViewerCanResolver,
  BlockViewerCanResolver,
  PostModerationCanResolver,
  CommentModerationCanResolver,
  UserModerationCanResolver,
  ViewerCanResolver,
  TeamMemberCanResolver,
  TeamMemberViewerCanResolver,
  PostCommentCanResolver,
  CampusResolver,
  OrganizationResolver,
  PostOrganizationResolver,
  UserOrganizationsResolver,
  NotificationOrganizationResolver,
  OrganizationViewerCanResolver,
  OrganizationAppCanResolver,
  PostCaptionTracksResolver,
  CaptionTrackResolver,
] as const;

/**
 * Every policy row a type answers as `viewerCan.<field>`, by GraphQL type (Query: the top-level
 * `viewerCan`). test/api/viewer-can.test.ts ties each policy row to its field through this table.
 */
export const VIEWER_CAN = {
  Post: { ...POST_VIEWER_CAN, ...POST_COMMENT_CAN, ...POST_MODERATION_CAN },
  Comment: { ...COMMENT_VIEWER_CAN, ...COMMENT_MODERATION_CAN },
  User: { ...USER_VIEWER_CAN, ...FOLLOW_VIEWER_CAN, ...BLOCK_VIEWER_CAN, ...USER_MODERATION_CAN },
  TeamMember: TEAM_MEMBER_CAN,
  Organization: ORGANIZATION_VIEWER_CAN,
  Query: { ...APP_POST_CAN, ...APP_MODERATION_CAN, ...APP_ORGANIZATION_CAN },
} as const;
