import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from 'type-graphql';
import { RequireUser, SignedIn } from '../../shared/graphql/access';
import { RateLimited } from '../../shared/graphql/rate-limited';
import type { Viewer } from '../../shared/viewer';
import type { GraphQLContext } from '../graphql-context';
import { User } from '../users';

@Resolver(() => User)
export class FollowResolver {
  @RequireUser()
  @RateLimited('follow')
  @Mutation(() => User, { description: 'The followed user, with fresh counts' })
  async follow(@Arg('userId', () => ID) userId: string, @SignedIn() viewer: Viewer, @Ctx() { services }: GraphQLContext): Promise<User> {
    return services.follows.follow(viewer, userId);
  }

  @RequireUser()
  @RateLimited('follow')
  @Mutation(() => User)
  async unfollow(@Arg('userId', () => ID) userId: string, @SignedIn() viewer: Viewer, @Ctx() { services }: GraphQLContext): Promise<User> {
    return services.follows.unfollow(viewer, userId);
  }

  @FieldResolver(() => Boolean)
  async viewerIsFollowing(@Root() user: User, @Ctx() { loaders }: GraphQLContext): Promise<boolean> {
    return loaders.viewerFollows.load(user.id);
  }
}
