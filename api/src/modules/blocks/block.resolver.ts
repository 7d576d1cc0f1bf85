import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { RequireUser, SignedIn } from '../../shared/graphql/access';
import { RateLimited } from '../../shared/graphql/rate-limited';
import type { Viewer } from '../../shared/viewer';
import type { GraphQLContext } from '../graphql-context';
import { User } from '../users';

@Resolver()
export class BlockResolver {
  @RequireUser()
  @RateLimited('follow')
  @Mutation(() => Boolean, { description: 'Neither of you sees the other any more; the follows between you are removed' })
  async blockUser(
    @Arg('userId', () => ID) userId: string,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<boolean> {
    return services.blocks.block(viewer, userId);
  }

  @RequireUser()
  @RateLimited('follow')
  @Mutation(() => Boolean)
  async unblockUser(
    @Arg('userId', () => ID) userId: string,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<boolean> {
    return services.blocks.unblock(viewer, userId);
  }

  @RequireUser()
  @RateLimited('follow')
  @Mutation(() => Boolean, { description: 'Their posts and comments leave your feeds and threads, quietly; nothing changes for them' })
  async muteUser(
    @Arg('userId', () => ID) userId: string,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<boolean> {
    return services.blocks.mute(viewer, userId);
  }

  @RequireUser()
  @RateLimited('follow')
  @Mutation(() => Boolean)
  async unmuteUser(
    @Arg('userId', () => ID) userId: string,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<boolean> {
    return services.blocks.unmute(viewer, userId);
  }

  @RequireUser()
  @Query(() => [User], { description: 'The people you blocked, most recent first' })
  async blockedUsers(@SignedIn() viewer: Viewer, @Ctx() { services }: GraphQLContext): Promise<User[]> {
    return services.blocks.blocked(viewer);
  }

  @RequireUser()
  @Query(() => [User], { description: 'The people you muted, most recent first' })
  async mutedUsers(@SignedIn() viewer: Viewer, @Ctx() { services }: GraphQLContext): Promise<User[]> {
    return services.blocks.muted(viewer);
  }
}
