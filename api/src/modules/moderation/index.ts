/**
 * moderation: reports, the moderation queue, moderators' decisions (dismiss, remove, warn, suspend),
 * roles, the audit log and the notices people get. Its public surface.
 */
export {
  MODERATION_MESSAGES,
  ModerationService,
  type ModerationDeps,
  type OrganizationDecision,
  type OrganizationReports,
} from './moderation.service';
export { ReportReason, ReportReceipt, ReportTarget } from './moderation.types';
export { ModerationResolver } from './moderation.resolver';
export { moderationPolicy } from './moderation.policy';
export {
  APP_MODERATION_CAN,
  COMMENT_MODERATION_CAN,
  CommentModerationCanResolver,
  POST_MODERATION_CAN,
  PostModerationCanResolver,
  TEAM_MEMBER_CAN,
  TeamMemberCanResolver,
  TeamMemberViewerCanResolver,
  USER_MODERATION_CAN,
  UserModerationCanResolver,
  ViewerCan,
  ViewerCanResolver,
} from './moderation-viewer-can';
