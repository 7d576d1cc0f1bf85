import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { RequireUser, SignedIn } from '../../shared/graphql/access';
import { RateLimited } from '../../shared/graphql/rate-limited';
import type { Viewer } from '../../shared/viewer';
import type { GraphQLContext } from '../graphql-context';
import {
  AccountRole,
  AuditEntry,
  ModerateInput,
  ModerationNotice,
  QueueOrder,
  ReportGroup,
  ReportInput,
  ReportReceipt,
  TeamMember,
} from './moderation.types';

@Resolver()
export class ModerationResolver {
  @RequireUser()
  @RateLimited('report')
  @Mutation(() => ReportReceipt, { description: 'Report a post, a comment or an account to the moderators' })
  async report(@Arg('input') input: ReportInput, @SignedIn() viewer: Viewer, @Ctx() { services }: GraphQLContext): Promise<ReportReceipt> {
    return services.moderation.report(viewer, input);
  }

  @RequireUser()
  @Query(() => AccountRole, { description: "The signed-in account's role" })
  myRole(@SignedIn() viewer: Viewer): AccountRole {
    return (viewer.role ?? 'student') as AccountRole;
  }

  @RequireUser()
  @Query(() => [ReportGroup], { description: 'Moderators: open reports grouped by what they report' })
  async moderationQueue(
    @Arg('order', () => QueueOrder, { defaultValue: QueueOrder.NEWEST }) order: QueueOrder,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<ReportGroup[]> {
    return services.moderation.queue(viewer, order);
  }

  @RequireUser()
  @RateLimited('moderate')
  @Mutation(() => Boolean, { description: 'Moderators: dismiss the reports, remove, warn, suspend or lift a suspension' })
  async moderate(@Arg('input') input: ModerateInput, @SignedIn() viewer: Viewer, @Ctx() { services }: GraphQLContext): Promise<boolean> {
    return services.moderation.moderate(viewer, input);
  }

  @RequireUser()
  @RateLimited('role')
  @Mutation(() => Boolean, { description: 'Admins: make a student a moderator, or a moderator a student again' })
  async setModerator(
    @Arg('userId', () => ID) userId: string,
    @Arg('moderator') moderator: boolean,
    @Arg('note', { defaultValue: '' }) note: string,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<boolean> {
    return services.moderation.setModerator(viewer, userId, moderator, note);
  }

  @RequireUser()
  @Query(() => [TeamMember], { description: 'Admins: the moderators and admins, admins first' })
  async moderators(@SignedIn() viewer: Viewer, @Ctx() { services }: GraphQLContext): Promise<TeamMember[]> {
    return services.moderation.team(viewer);
  }

  @RequireUser()
  @Query(() => [AuditEntry], { description: 'Admins: every moderation action, newest first' })
  async moderationLog(
    @Arg('first', () => Int, { defaultValue: 50 }) first: number,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<AuditEntry[]> {
    return services.moderation.auditLog(viewer, first);
  }

  @RequireUser()
  @Query(() => [ModerationNotice], { description: 'What the moderators told you, newest first' })
  async moderationNotices(@SignedIn() viewer: Viewer, @Ctx() { services }: GraphQLContext): Promise<ModerationNotice[]> {
    return services.moderation.notices(viewer);
  }
}
