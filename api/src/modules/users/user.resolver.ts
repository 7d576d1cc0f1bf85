import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Public, RequireUser, SignedIn } from '../../shared/graphql/access';
import { countFor, RateLimited } from '../../shared/graphql/rate-limited';
import { toConnection, type Connection } from '../../shared/graphql/connection';
import { cursorPage } from '../../shared/paging';
import { INTEREST_CATALOGUE, pageSize } from '../../shared/validation';
import type { Viewer } from '../../shared/viewer';
import type { GraphQLContext } from '../graphql-context';
import { PictureSource } from '../../shared/graphql/picture-source';
import { postCountSeenBy } from './post-count';
import { UserConnection } from './user-connection';
import { accountNotAvailable } from './user.service';
import { User } from './user.entity';
import { SyncUserInput, UpdateProfileInput } from './user.inputs';
import { UserViewerCan } from './user-viewer-can';
import { Campus, CampusScope } from '../campuses';
import { picturesFromStored } from '../uploads';

@Resolver(() => User)
export class UserResolver {
  @Public()
  @Query(() => User, { nullable: true, description: 'The signed-in user, or null' })
  async viewer(@Ctx() { viewer, loaders }: GraphQLContext): Promise<User | null> {
    return viewer ? loaders.user.load(viewer.uid) : null;
  }

  @Public()
  @Query(() => User, { nullable: true })
  async user(@Arg('id', () => ID) id: string, @Ctx() { loaders, services, viewer }: GraphQLContext): Promise<User | null> {
    const user = await loaders.user.load(id);
    // Not there, or hidden by a block: the latter says so, neutrally.
    if (!user && viewer && (await services.users.isBlockedBetween(viewer.uid, id))) throw accountNotAvailable();
    return user;
  }

  @Public()
  @Query(() => UserConnection, {
    description: "People whose display name contains the query; the viewer's campus only unless scope is ALL",
  })
  async searchUsers(
    @Arg('query') query: string,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Arg('scope', () => CampusScope, { nullable: true, defaultValue: CampusScope.MINE }) scope: CampusScope | null,
    @Ctx() { services, viewer }: GraphQLContext,
  ): Promise<Connection<User>> {
    const page = await services.users.search(query, cursorPage(first, after), viewer, scope ?? CampusScope.MINE);
    return toConnection(page, (user) => user);
  }

  @Public()
  @Query(() => [User], { description: "People who share the viewer's interests and whom the viewer does not follow" })
  async suggestedUsers(
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Ctx() { viewer, services }: GraphQLContext,
  ): Promise<User[]> {
    return services.users.suggested(viewer, pageSize(first));
  }

  @Public()
  @Query(() => [String])
  interestCatalogue(): string[] {
    return [...INTEREST_CATALOGUE];
  }

  @RequireUser()
  @RateLimited('sync')
  @Mutation(() => User, { description: 'Creates or refreshes the caller’s profile from the verified token' })
  async syncUser(@Arg('input') input: SyncUserInput, @SignedIn() viewer: Viewer, @Ctx() context: GraphQLContext): Promise<User> {
    // The sync that creates the profile is a sign-up, limited per address besides 'sync'.
    return context.services.users.sync(viewer, input, () => countFor(context, 'signup'));
  }

  @RequireUser()
  @RateLimited('profile')
  @Mutation(() => User)
  async updateProfile(
    @Arg('input') input: UpdateProfileInput,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<User> {
    return services.users.updateProfile(viewer, viewer.uid, input);
  }

  @FieldResolver(() => [PictureSource], {
    description:
      'The profile photo in the sizes screens use (WebP and JPEG, upright), smallest first; empty for a photo from the identity provider',
  })
  photoSources(@Root() user: User, @Ctx() { loaders }: GraphQLContext): PictureSource[] | Promise<PictureSource[]> {
    // From the row (users.photo_sources): no statement for a page of authors, comments or people.
    if (user.photoSources) return picturesFromStored(user.photoSources);
    // A User that came without that column (a live comment's author published by an older
    // instance during a rolling deploy) is looked up as before.
    return user.photoURL ? loaders.photoSources.load(user.photoURL) : [];
  }

  @FieldResolver(() => Int, {
    description: 'The posts this profile shows the viewer: all for its owner, the ready and visible ones for others',
  })
  postCount(@Root() user: User, @Ctx() { viewer, sharedAcrossViewers }: GraphQLContext): number {
    // A live event executed once for many subscribers answers as for nobody in particular.
    return postCountSeenBy(user, sharedAcrossViewers ? null : (viewer?.uid ?? null));
  }

  @FieldResolver(() => Campus, { nullable: true, description: 'The campus their e-mail address names; null for none' })
  campus(@Root() user: User, @Ctx() { services }: GraphQLContext): Promise<Campus | null> | null {
    // The campuses are held in memory (campuses/campus.service.ts): no statement per person.
    return user.campusId ? services.campuses.byId(user.campusId) : null;
  }

  @FieldResolver(() => UserViewerCan, { description: 'What the caller may do to this person (the policies answer; the client asks)' })
  viewerCan(@Root() user: User): User {
    return user;
  }

  @FieldResolver(() => Boolean)
  isViewer(@Root() user: User, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewer?.uid === user.id;
  }

  @FieldResolver(() => UserConnection)
  async followers(
    @Root() user: User,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() { services, viewer }: GraphQLContext,
  ): Promise<Connection<User>> {
    const page = await services.users.followers(user.id, cursorPage(first, after), viewer);
    return edgesOfFollows(page);
  }

  @FieldResolver(() => UserConnection)
  async following(
    @Root() user: User,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() { services, viewer }: GraphQLContext,
  ): Promise<Connection<User>> {
    const page = await services.users.following(user.id, cursorPage(first, after), viewer);
    return edgesOfFollows(page);
  }
}

/** Follow lists are ordered by when the follow happened, so their cursors carry that time. */
function edgesOfFollows(page: { items: Array<{ user: User; followedAt: Date }>; hasNextPage: boolean }): Connection<User> {
  const connection = toConnection(page, (edge) => ({ createdAt: edge.followedAt, id: edge.user.id }));
  return { ...connection, edges: connection.edges.map((edge) => ({ cursor: edge.cursor, node: edge.node.user })) };
}
