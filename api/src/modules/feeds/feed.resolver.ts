import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { Public, RequireUser, SignedIn } from '../../shared/graphql/access';
import { toConnection, type Connection } from '../../shared/graphql/connection';
import { cursorPage } from '../../shared/paging';
import type { Viewer } from '../../shared/viewer';
import type { GraphQLContext } from '../graphql-context';
import { Post, PostConnection, primePostListPage } from '../posts';
import { CampusScope } from '../campuses';

/** The lists of posts a student browses: Home, Explore and a tag's page. */
@Resolver(() => Post)
export class FeedResolver {
  @RequireUser()
  @Query(() => PostConnection, { description: "The viewer's own posts and those of the people they follow, newest first" })
  async homeFeed(
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @SignedIn() viewer: Viewer,
    @Ctx() { services, loaders }: GraphQLContext,
  ): Promise<Connection<Post>> {
    return toConnection(primePostListPage(loaders, await services.feeds.home(viewer, cursorPage(first, after))), (post) => post);
  }

  @Public()
  @Query(() => PostConnection, {
    description:
      "Posts of people the viewer does not follow (not the viewer's own), newest first; the viewer's campus only unless scope is ALL",
  })
  async explore(
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Arg('scope', () => CampusScope, { nullable: true, defaultValue: CampusScope.MINE }) scope: CampusScope | null,
    @Ctx() { viewer, services, loaders }: GraphQLContext,
  ): Promise<Connection<Post>> {
    const page = await services.feeds.explore(viewer, cursorPage(first, after), scope ?? CampusScope.MINE);
    return toConnection(primePostListPage(loaders, page), (post) => post);
  }

  @Public()
  @Query(() => PostConnection)
  async postsByTag(
    @Arg('tag') tag: string,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() { services, viewer, loaders }: GraphQLContext,
  ): Promise<Connection<Post>> {
    return toConnection(primePostListPage(loaders, await services.posts.byTag(tag, cursorPage(first, after), viewer)), (post) => post);
  }
}
