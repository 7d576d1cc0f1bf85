import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Public, RequireUser } from '../../graphql/access';
import { toConnection, type Connection } from '../../graphql/connection';
import type { GraphQLContext } from '../../graphql/context';
import { LocalDateScalar } from '../../graphql/scalars';
import { cursorPage } from '../../shared/page-request';
import { INTEREST_CATALOGUE, pageSize } from '../../shared/validation';
import { Post } from '../posts/post.entity';
import { PostConnection } from '../posts/post-connection';
import { UserConnection } from './user-connection';
import { User } from './user.entity';
import { SyncUserInput, UpdateProfileInput } from './user.inputs';

@Resolver(() => User)
export class UserResolver {
  @Public()
  @Query(() => User, { nullable: true, description: 'The signed-in user, or null' })
  async viewer(@Ctx() { viewer, loaders }: GraphQLContext): Promise<User | null> {
    return viewer ? loaders.user.load(viewer.uid) : null;
  }

  @Public()
  @Query(() => User, { nullable: true })
  async user(@Arg('id', () => ID) id: string, @Ctx() { loaders }: GraphQLContext): Promise<User | null> {
    return loaders.user.load(id);
  }

  @Public()
  @Query(() => UserConnection, { description: 'People whose display name contains the query' })
  async searchUsers(
    @Arg('query') query: string,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() { services }: GraphQLContext,
  ): Promise<Connection<User>> {
    const page = await services.users.search(query, cursorPage(first, after));
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
  @Mutation(() => User, { description: 'Creates or refreshes the caller’s profile from the verified token' })
  async syncUser(@Arg('input') input: SyncUserInput, @Ctx() { viewer, services }: GraphQLContext): Promise<User> {
    return services.users.sync(viewer, input);
  }

  @RequireUser()
  @Mutation(() => User)
  async updateProfile(@Arg('input') input: UpdateProfileInput, @Ctx() { viewer, services }: GraphQLContext): Promise<User> {
    return services.users.updateProfile(viewer, input);
  }

  @RequireUser()
  @Mutation(() => User, { description: 'The followed user, with fresh counts' })
  async follow(@Arg('userId', () => ID) userId: string, @Ctx() { viewer, services }: GraphQLContext): Promise<User> {
    return services.follows.follow(viewer, userId);
  }

  @RequireUser()
  @Mutation(() => User)
  async unfollow(@Arg('userId', () => ID) userId: string, @Ctx() { viewer, services }: GraphQLContext): Promise<User> {
    return services.follows.unfollow(viewer, userId);
  }

  @RequireUser()
  @Mutation(() => Boolean, { description: 'Deletes the caller’s account and everything they own (D3)' })
  async deleteAccount(@Ctx() { viewer, services }: GraphQLContext): Promise<boolean> {
    return services.accounts.delete(viewer);
  }

  @FieldResolver(() => String, { nullable: true, description: 'Visible to its owner only' })
  email(@Root() user: User, @Ctx() { viewer }: GraphQLContext): string | null {
    return viewer?.uid === user.id ? user.email : null;
  }

  @FieldResolver(() => LocalDateScalar, { nullable: true, description: 'Visible to its owner only' })
  dateOfBirth(@Root() user: User, @Ctx() { viewer }: GraphQLContext): string | null {
    return viewer?.uid === user.id ? user.dateOfBirth : null;
  }

  @FieldResolver(() => Boolean)
  isViewer(@Root() user: User, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewer?.uid === user.id;
  }

  @FieldResolver(() => Boolean)
  async viewerIsFollowing(@Root() user: User, @Ctx() { loaders }: GraphQLContext): Promise<boolean> {
    return loaders.viewerFollows.load(user.id);
  }

  @FieldResolver(() => PostConnection)
  async posts(
    @Root() user: User,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() { services }: GraphQLContext,
  ): Promise<Connection<Post>> {
    return toConnection(await services.posts.byAuthor(user.id, cursorPage(first, after)), (post) => post);
  }

  @FieldResolver(() => UserConnection)
  async followers(
    @Root() user: User,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() { services }: GraphQLContext,
  ): Promise<Connection<User>> {
    const page = await services.users.followers(user.id, cursorPage(first, after));
    return edgesOfFollows(page);
  }

  @FieldResolver(() => UserConnection)
  async following(
    @Root() user: User,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() { services }: GraphQLContext,
  ): Promise<Connection<User>> {
    const page = await services.users.following(user.id, cursorPage(first, after));
    return edgesOfFollows(page);
  }
}

/** Follow lists are ordered by when the follow happened, so their cursors carry that time. */
function edgesOfFollows(page: { items: Array<{ user: User; followedAt: Date }>; hasNextPage: boolean }): Connection<User> {
  const connection = toConnection(page, (edge) => ({ createdAt: edge.followedAt, id: edge.user.id }));
  return { ...connection, edges: connection.edges.map((edge) => ({ cursor: edge.cursor, node: edge.node.user })) };
}
