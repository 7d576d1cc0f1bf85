/**
 * notifications: what happened to a student's posts and account (likes, comments, mentions, new
 * followers, moderators' decisions), their read state, unread count, settings and the live count.
 * Likes, comments, follows and moderation write them through `withNotifications`. Its public surface.
 */
export {
  NotificationService,
  NotificationWriter,
  notificationCountTopic,
  type NotificationCountEvent,
  type NotificationEvents,
} from './notification.service';
export { NotificationResolver } from './notification.resolver';
export { notificationPolicy } from './notification.policy';
export { Notification, NotificationKind, NotificationSettings } from './notification.types';
