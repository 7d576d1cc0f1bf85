import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Public, RequireUser, SignedIn } from '../../shared/graphql/access';
import { type Connection, toConnection } from '../../shared/graphql/connection';
import { PictureSource } from '../../shared/graphql/picture-source';
import { RateLimited } from '../../shared/graphql/rate-limited';
import { cursorPage, type KeysetPosition, type Page } from '../../shared/paging';
import type { Viewer } from '../../shared/viewer';
import { Campus, CampusScope } from '../campuses';
import type { GraphQLContext } from '../graphql-context';
import { ReportReason, ReportReceipt, ReportTarget } from '../moderation';
import { Notification } from '../notifications';
import { Post, PostConnection, primePostListPage } from '../posts';
import { User } from '../users';
import { Organization } from './organization.entity';
import { MembershipState, OrganizationCategory, OrganizationRole } from './organization.enums';
import { OrganizationService } from './organization.service';
import {
  CreateOrganizationInput,
  JoinRequestConnection,
  OrganizationConnection,
  OrganizationJoinRequest,
  OrganizationMember,
  OrganizationMemberConnection,
  UpdateOrganizationInput,
} from './organization.types';
import { OrganizationViewerCan } from './organization-viewer-can';

/** Rows that carry their own list position (the service's pages) as a connection of `node(row)`. */
function connectionOf<Row extends { position: KeysetPosition }, Node>(page: Page<Row>, node: (row: Row) => Node): Connection<Node> {
  const connection = toConnection(page, (row) => row.position);
  return { ...connection, edges: connection.edges.map((edge) => ({ cursor: edge.cursor, node: node(edge.node) })) };
}

/** Organizations (issue 26): the directory, one organization's page, membership and officers' work. Rules: OrganizationService. */
@Resolver(() => Organization)
export class OrganizationResolver {
  @Public()
  @Query(() => Organization, { nullable: true, description: 'The organization at /org/<slug>; null when there is none the viewer may see' })
  organization(@Arg('slug') slug: string, @Ctx() { services, viewer }: GraphQLContext): Promise<Organization | null> {
    return services.organizations.bySlug(slug, viewer);
  }

  @Public()
  @Query(() => OrganizationConnection, {
    description: "The directory, by name, the viewer's campus first (only it with scope MINE); query matches names, category filters",
  })
  async organizations(
    @Arg('query', () => String, { nullable: true }) query: string | null,
    @Arg('category', () => OrganizationCategory, { nullable: true }) category: OrganizationCategory | null,
    @Arg('scope', () => CampusScope, { nullable: true, defaultValue: CampusScope.MINE }) scope: CampusScope | null,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() { services, viewer }: GraphQLContext,
  ): Promise<Connection<Organization>> {
    const page = await services.organizations.directory(viewer, { query, category, scope }, cursorPage(first, after));
    return connectionOf(page, (organization) => organization);
  }

  @Public()
  @Query(() => [Organization], {
    description:
      'Organizations the viewer may like, from their interests (categories and words), their campus first; the biggest when signed out',
  })
  suggestedOrganizations(
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Ctx() { services, viewer }: GraphQLContext,
  ): Promise<Organization[]> {
    return services.organizations.suggested(viewer, first);
  }

  @RequireUser()
  @RateLimited('organization')
  @Mutation(() => Organization, { description: 'Founds an organization; the caller becomes its owner (verified e-mail)' })
  createOrganization(
    @Arg('input') input: CreateOrganizationInput,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<Organization> {
    return services.organizations.create(viewer, input);
  }

  @RequireUser()
  @RateLimited('organizationAdmin')
  @Mutation(() => Organization, { description: 'Officers: name, description, category, join mode, picture' })
  updateOrganization(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: UpdateOrganizationInput,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<Organization> {
    return services.organizations.update(viewer, id, input);
  }

  @RequireUser()
  @RateLimited('membership')
  @Mutation(() => Organization, { description: 'OPEN: joins at once; REQUEST: asks to join (viewerMembership REQUESTED). Verified e-mail' })
  joinOrganization(
    @Arg('id', () => ID) id: string,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<Organization> {
    return services.organizations.join(viewer, id);
  }

  @RequireUser()
  @RateLimited('membership')
  @Mutation(() => Organization, { description: 'Leaves, or withdraws a request; the owner hands ownership over first' })
  leaveOrganization(
    @Arg('id', () => ID) id: string,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<Organization> {
    return services.organizations.leave(viewer, id);
  }

  @RequireUser()
  @RateLimited('organizationAdmin')
  @Mutation(() => Organization, { description: 'Officers: approve (a member) or decline a request; the requester is told' })
  decideJoinRequest(
    @Arg('id', () => ID) id: string,
    @Arg('userId', () => ID) userId: string,
    @Arg('approve') approve: boolean,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<Organization> {
    return services.organizations.decideJoinRequest(viewer, id, userId, approve);
  }

  @RequireUser()
  @RateLimited('organizationAdmin')
  @Mutation(() => Organization, { description: 'Officers: remove a member (not an officer or the owner)' })
  removeMember(
    @Arg('id', () => ID) id: string,
    @Arg('userId', () => ID) userId: string,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<Organization> {
    return services.organizations.removeMember(viewer, id, userId);
  }

  @RequireUser()
  @RateLimited('organizationAdmin')
  @Mutation(() => Organization, { description: 'The owner: make a member an officer (true) or an officer a member again (false)' })
  setOfficer(
    @Arg('id', () => ID) id: string,
    @Arg('userId', () => ID) userId: string,
    @Arg('officer') officer: boolean,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<Organization> {
    return services.organizations.setOfficer(viewer, id, userId, officer);
  }

  @RequireUser()
  @RateLimited('organizationAdmin')
  @Mutation(() => Organization, { description: 'The owner: hand ownership to another member; the old owner stays an officer' })
  transferOwnership(
    @Arg('id', () => ID) id: string,
    @Arg('userId', () => ID) userId: string,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<Organization> {
    return services.organizations.transferOwnership(viewer, id, userId);
  }

  @RequireUser()
  @RateLimited('follow')
  @Mutation(() => Organization, { description: 'Follow its posts without joining' })
  followOrganization(
    @Arg('id', () => ID) id: string,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<Organization> {
    return services.organizations.follow(viewer, id);
  }

  @RequireUser()
  @RateLimited('follow')
  @Mutation(() => Organization)
  unfollowOrganization(
    @Arg('id', () => ID) id: string,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<Organization> {
    return services.organizations.unfollow(viewer, id);
  }

  @RequireUser()
  @RateLimited('report')
  @Mutation(() => ReportReceipt, { description: "Report an organization's name, picture or description to the moderators" })
  reportOrganization(
    @Arg('id', () => ID) id: string,
    @Arg('reason', () => ReportReason) reason: ReportReason,
    @Arg('details', () => String, { nullable: true, description: 'At most 1,000 characters' }) details: string | null,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<ReportReceipt> {
    // Moderation's report flow (its queue, the e-mail gate, one open report per reporter).
    return services.moderation.report(viewer, { targetType: ReportTarget.ORGANIZATION, targetId: id, reason, details });
  }

  @RequireUser()
  @RateLimited('moderate')
  @Mutation(() => Organization, { description: 'Moderators: hide (true) or show again (false); the owner is told the note' })
  hideOrganization(
    @Arg('id', () => ID) id: string,
    @Arg('hidden') hidden: boolean,
    @Arg('note') note: string,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<Organization> {
    return services.organizations.setStatus(viewer, id, hidden ? 'hide' : 'unhide', note);
  }

  @RequireUser()
  @RateLimited('moderate')
  @Mutation(() => Organization, { description: 'Moderators: suspend (true) or lift the suspension (false); the owner is told the note' })
  suspendOrganization(
    @Arg('id', () => ID) id: string,
    @Arg('suspended') suspended: boolean,
    @Arg('note') note: string,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<Organization> {
    return services.organizations.setStatus(viewer, id, suspended ? 'suspend' : 'unsuspend', note);
  }

  @FieldResolver(() => Campus, { nullable: true, description: "Its founder's campus" })
  campus(@Root() organization: Organization, @Ctx() { services }: GraphQLContext): Promise<Campus | null> | null {
    return organization.campusId ? services.campuses.byId(organization.campusId) : null;
  }

  @FieldResolver(() => [PictureSource], { description: 'Its picture in the sizes screens use, smallest first' })
  async photoSources(@Root() organization: Organization, @Ctx() { loaders }: GraphQLContext): Promise<PictureSource[]> {
    return organization.photoURL ? loaders.photoSources.load(organization.photoURL) : [];
  }

  @FieldResolver(() => OrganizationRole, { nullable: true, description: "The viewer's role; null when not a member" })
  viewerRole(@Root() organization: Organization, @Ctx() { sharedAcrossViewers }: GraphQLContext): OrganizationRole | null {
    return sharedAcrossViewers ? null : organization.viewerRole;
  }

  @FieldResolver(() => MembershipState)
  viewerMembership(@Root() organization: Organization, @Ctx() { sharedAcrossViewers }: GraphQLContext): MembershipState {
    return sharedAcrossViewers ? MembershipState.NONE : OrganizationService.membershipOf(organization);
  }

  @FieldResolver(() => Boolean)
  viewerIsFollowing(@Root() organization: Organization, @Ctx() { sharedAcrossViewers }: GraphQLContext): boolean {
    return !sharedAcrossViewers && organization.viewerFollows;
  }

  @FieldResolver(() => OrganizationViewerCan, { description: 'What the caller may do with it (the policies answer; the client asks)' })
  viewerCan(@Root() organization: Organization): Organization {
    return organization;
  }

  @FieldResolver(() => PostConnection, { description: 'Posts made as it, newest first' })
  async posts(
    @Root() organization: Organization,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() { services, viewer, loaders }: GraphQLContext,
  ): Promise<Connection<Post>> {
    const page = await services.organizations.posts(viewer, organization.id, cursorPage(first, after));
    // Each post's `organization` is this one, already read for this viewer: no statement for it.
    if (organization.readFor === (viewer?.uid ?? '')) loaders.organization.prime(organization.id, organization);
    return toConnection(primePostListPage(loaders, page), (post) => post);
  }

  @FieldResolver(() => PostConnection, { description: 'Its event posts that have not ended, soonest first' })
  async upcomingEvents(
    @Root() organization: Organization,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() { services, viewer, loaders }: GraphQLContext,
  ): Promise<Connection<Post>> {
    const page = await services.organizations.upcomingEvents(viewer, organization.id, cursorPage(first, after));
    if (organization.readFor === (viewer?.uid ?? '')) loaders.organization.prime(organization.id, organization);
    return toConnection(primePostListPage(loaders, page), (post) => ({ createdAt: post.eventStartsAt!, id: post.id }));
  }

  @FieldResolver(() => OrganizationMemberConnection, { description: 'The owner, then officers, then members, each by when they joined' })
  async members(
    @Root() organization: Organization,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() { services, viewer, loaders }: GraphQLContext,
  ): Promise<Connection<OrganizationMember>> {
    const page = await services.organizations.members(viewer, organization, cursorPage(first, after));
    for (const row of page.items) loaders.user.prime(row.user.id, row.user);
    return connectionOf(page, ({ user, role, joinedAt }) => ({ user, role, joinedAt }));
  }

  @FieldResolver(() => JoinRequestConnection, {
    nullable: true,
    description: 'Requests waiting, oldest first: officers only (null for others)',
  })
  async pendingRequests(
    @Root() organization: Organization,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() { services, viewer, loaders, sharedAcrossViewers }: GraphQLContext,
  ): Promise<Connection<OrganizationJoinRequest> | null> {
    if (sharedAcrossViewers) return null;
    const page = await services.organizations.pendingRequests(viewer, organization, cursorPage(first, after));
    if (!page) return null;
    for (const row of page.items) loaders.user.prime(row.user.id, row.user);
    return connectionOf(page, ({ user, requestedAt }) => ({ user, requestedAt }));
  }
}

/** `Post.organization`: the organization a post was made as (posts/ knows only its id). */
@Resolver(() => Post)
export class PostOrganizationResolver {
  @FieldResolver(() => Organization, {
    nullable: true,
    description: 'The organization it was posted as (the card shows it, "by" the author); null: posted as the person',
  })
  organization(@Root() post: Post, @Ctx() { loaders }: GraphQLContext): Promise<Organization | null> | null {
    return post.organizationId ? loaders.organization.load(post.organizationId) : null;
  }
}

/** `User.organizations`: the organizations a person belongs to, where they chose to show them. */
@Resolver(() => User)
export class UserOrganizationsResolver {
  @FieldResolver(() => OrganizationConnection, {
    nullable: true,
    description: 'The organizations they belong to, newest first; null when they chose not to show them (always shown to themselves)',
  })
  async organizations(
    @Root() user: User,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() { services, viewer }: GraphQLContext,
  ): Promise<Connection<Organization> | null> {
    const page = await services.organizations.ofUser(viewer, user, cursorPage(first, after));
    return page && connectionOf(page, (organization) => organization);
  }
}

/** `Notification.organization`: the organization of a join request, its outcome or a new event. */
@Resolver(() => Notification)
export class NotificationOrganizationResolver {
  @FieldResolver(() => Organization, {
    nullable: true,
    description: 'JOIN_REQUEST, JOIN_APPROVED, JOIN_DECLINED, ORGANIZATION_EVENT: the organization concerned',
  })
  organization(@Root() notification: Notification, @Ctx() { loaders }: GraphQLContext): Promise<Organization | null> | null {
    return notification.organizationId ? loaders.organization.load(notification.organizationId) : null;
  }
}
