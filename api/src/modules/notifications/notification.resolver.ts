import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { RequireUser, SignedIn } from '../../shared/graphql/access';
import { RateLimited } from '../../shared/graphql/rate-limited';
import { toConnection, type Connection } from '../../shared/graphql/connection';
import { cursorPage } from '../../shared/paging';
import type { Viewer } from '../../shared/viewer';
import type { GraphQLContext } from '../graphql-context';
import { Post } from '../posts';
import { User } from '../users';
import { notificationCountTopic, primeNotificationPage, type NotificationCountEvent } from './notification.service';
import { Notification, NotificationConnection, NotificationSettings, NotificationSettingsInput } from './notification.types';

@Resolver(() => Notification)
export class NotificationResolver {
  @RequireUser()
  @Query(() => NotificationConnection, { description: "The signed-in student's notifications, newest first" })
  async notifications(
    @Arg('first', () => Int, { defaultValue: 20 }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @SignedIn() viewer: Viewer,
    @Ctx() { services, loaders }: GraphQLContext,
  ): Promise<Connection<Notification>> {
    return toConnection(
      primeNotificationPage(loaders, await services.notifications.list(viewer, cursorPage(first, after))),
      (node) => node,
    );
  }

  @RequireUser()
  @Query(() => Int, { description: 'How many of them are unread' })
  async unreadNotificationCount(@SignedIn() viewer: Viewer, @Ctx() { services }: GraphQLContext): Promise<number> {
    return services.notifications.unreadCount(viewer);
  }

  @RequireUser()
  @Query(() => NotificationSettings)
  async notificationSettings(@SignedIn() viewer: Viewer, @Ctx() { services }: GraphQLContext): Promise<NotificationSettings> {
    return services.notifications.settings(viewer);
  }

  @RequireUser()
  @RateLimited('notifications')
  @Mutation(() => Boolean)
  async markAllNotificationsRead(@SignedIn() viewer: Viewer, @Ctx() { services }: GraphQLContext): Promise<boolean> {
    return services.notifications.markAllRead(viewer);
  }

  @RequireUser()
  @RateLimited('notifications')
  @Mutation(() => NotificationSettings, { description: 'Turns kinds of notification on or off; a kind turned off is not written at all' })
  async updateNotificationSettings(
    @Arg('input') input: NotificationSettingsInput,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<NotificationSettings> {
    return services.notifications.updateSettings(viewer, input);
  }

  @RequireUser()
  @Subscription(() => Int, {
    // Each student hears only their own topic; the count is read fresh for the subscriber.
    topics: ({ context }: { context: GraphQLContext }) => notificationCountTopic(context.viewer!.uid),
    filter: ({ payload, context }: { payload: NotificationCountEvent; context: GraphQLContext }) =>
      payload.recipientUid === context.viewer?.uid,
    description: "The signed-in student's unread count, whenever it changes",
  })
  async notificationCountChanged(
    @Root() _event: NotificationCountEvent,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<number> {
    return services.notifications.unreadCount(viewer);
  }

  @FieldResolver(() => [User], { description: 'At most 3 of the people grouped here that the reader may see, newest first' })
  async actors(@Root() notification: Notification, @Ctx() { loaders }: GraphQLContext): Promise<User[]> {
    const users = await loaders.user.loadMany(notification.actorUids);
    return users.filter((user): user is User => user !== null && !(user instanceof Error));
  }

  @FieldResolver(() => Post, { nullable: true, description: 'LIKE, COMMENT, MENTION: the post concerned, when the reader may see it' })
  async post(@Root() notification: Notification, @Ctx() { loaders }: GraphQLContext): Promise<Post | null> {
    return notification.postId ? loaders.post.load(notification.postId) : null;
  }
}
