import { Ctx, FieldResolver, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { Public } from '../../shared/graphql/access';
import { exposed, viewerCan, type ViewerCanFields } from '../../shared/viewer-can';
import type { GraphQLContext } from '../graphql-context';
import { CommentViewerCan, type CommentSubject } from '../comments';
import { APP_POST_CAN, type Post, PostViewerCan } from '../posts';
import { type User, UserViewerCan } from '../users';
import { moderationPolicy } from './moderation.policy';
import { TeamMember } from './moderation.types';

/**
 * Moderation's rows of each type's `viewerCan`: reporting (anyone signed in, but not oneself) and
 * deciding on reports (moderators and admins), and, on `Query.viewerCan`, what the caller may do
 * with no object in hand.
 */
export const POST_MODERATION_CAN = {
  report: exposed(moderationPolicy, 'report', (post: Post) => post.authorUid),
  moderate: exposed(moderationPolicy, 'moderate', (_post: Post) => null),
} satisfies ViewerCanFields<Post>;

export const COMMENT_MODERATION_CAN = {
  report: exposed(moderationPolicy, 'report', (comment: CommentSubject) => comment.authorUid),
  moderate: exposed(moderationPolicy, 'moderate', (_comment: CommentSubject) => null),
} satisfies ViewerCanFields<CommentSubject>;

export const USER_MODERATION_CAN = {
  report: exposed(moderationPolicy, 'report', (user: User) => user.id),
} satisfies ViewerCanFields<User>;

/**
 * A member of the team as the admins' list shows them: whether the app's Make/Remove moderator may
 * change their role (an admin's changes only with the admin command). The list is an admin's alone
 * (grantRoles), so this row is the one left to ask.
 */
export const TEAM_MEMBER_CAN = {
  changeModeratorRole: exposed(moderationPolicy, 'changeModeratorRole', (member: TeamMember) => ({
    uid: member.user.id,
    role: member.role,
    suspended: false,
  })),
} satisfies ViewerCanFields<TeamMember>;

/** Abilities that judge no object: the caller's role alone. */
export const APP_MODERATION_CAN = {
  moderate: exposed(moderationPolicy, 'moderate', (_none: null) => null),
  grantRoles: exposed(moderationPolicy, 'grantRoles', (_none: null) => null),
  readAuditLog: exposed(moderationPolicy, 'readAuditLog', (_none: null) => null),
} satisfies ViewerCanFields<null>;

@ObjectType('ViewerCan', { description: 'What the caller may do with no object in hand, as the api decides it: ask, never re-decide' })
export class ViewerCan {}

@ObjectType('TeamMemberViewerCan', { description: 'What the caller may do to this member of the team, as the api decides it' })
export class TeamMemberViewerCan {}

@Resolver(() => TeamMember)
export class TeamMemberCanResolver {
  @FieldResolver(() => TeamMemberViewerCan, { description: 'What the caller may do to this member (the policies answer; the client asks)' })
  viewerCan(@Root() member: TeamMember): TeamMember {
    return member;
  }
}

@Resolver(() => TeamMemberViewerCan)
export class TeamMemberViewerCanResolver {
  @FieldResolver(() => Boolean, { description: "setModerator (Make/Remove moderator): not an admin's role (the admin command changes it)" })
  changeModeratorRole(@Root() member: TeamMember, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(TEAM_MEMBER_CAN.changeModeratorRole, viewer, member);
  }
}

@Resolver(() => PostViewerCan)
export class PostModerationCanResolver {
  @FieldResolver(() => Boolean, { description: 'report: anyone signed in, but not its author' })
  report(@Root() post: Post, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(POST_MODERATION_CAN.report, viewer, post);
  }

  @FieldResolver(() => Boolean, { description: 'moderate (a decision on its reports): moderators and admins' })
  moderate(@Root() post: Post, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(POST_MODERATION_CAN.moderate, viewer, post);
  }
}

@Resolver(() => CommentViewerCan)
export class CommentModerationCanResolver {
  @FieldResolver(() => Boolean, { description: 'report: anyone signed in, but not its author' })
  report(@Root() comment: CommentSubject, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(COMMENT_MODERATION_CAN.report, viewer, comment);
  }

  @FieldResolver(() => Boolean, { description: 'moderate (a decision on its reports): moderators and admins' })
  moderate(@Root() comment: CommentSubject, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(COMMENT_MODERATION_CAN.moderate, viewer, comment);
  }
}

@Resolver(() => UserViewerCan)
export class UserModerationCanResolver {
  @FieldResolver(() => Boolean, { description: 'report: anyone signed in, but not oneself' })
  report(@Root() user: User, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(USER_MODERATION_CAN.report, viewer, user);
  }
}

@Resolver(() => ViewerCan)
export class ViewerCanResolver {
  @Public()
  @Query(() => ViewerCan, { description: 'What the caller may do with no object in hand (all false when signed out)' })
  viewerCan(): ViewerCan {
    // Nothing to judge: the fields read the caller alone.
    return new ViewerCan();
  }

  @FieldResolver(() => Boolean, { description: 'createPost (an event post too): anyone signed in whose e-mail is verified' })
  post(@Ctx() { viewer }: GraphQLContext): boolean {
    // The posts feature's row; this type is moderation's, so it answers it here.
    return viewerCan(APP_POST_CAN.post, viewer, null);
  }

  @FieldResolver(() => Boolean, { description: 'moderationQueue, moderate: moderators and admins' })
  moderate(@Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(APP_MODERATION_CAN.moderate, viewer, null);
  }

  @FieldResolver(() => Boolean, { description: 'setModerator, moderators: admins' })
  grantRoles(@Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(APP_MODERATION_CAN.grantRoles, viewer, null);
  }

  @FieldResolver(() => Boolean, { description: 'moderationLog: admins' })
  readAuditLog(@Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(APP_MODERATION_CAN.readAuditLog, viewer, null);
  }
}
