import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from 'type-graphql';
import { RequireUser, SignedIn } from '../../shared/graphql/access';
import { RateLimited } from '../../shared/graphql/rate-limited';
import type { Viewer } from '../../shared/viewer';
import type { GraphQLContext } from '../graphql-context';
import { Post } from '../posts';

@Resolver(() => Post)
export class LikeResolver {
  @RequireUser()
  @RateLimited('like')
  @Mutation(() => Post, { description: 'The post with its fresh like count' })
  async likePost(@Arg('postId', () => ID) postId: string, @SignedIn() viewer: Viewer, @Ctx() { services }: GraphQLContext): Promise<Post> {
    return services.likes.like(viewer, postId);
  }

  @RequireUser()
  @RateLimited('like')
  @Mutation(() => Post)
  async unlikePost(
    @Arg('postId', () => ID) postId: string,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<Post> {
    return services.likes.unlike(viewer, postId);
  }

  @FieldResolver(() => Boolean)
  async viewerHasLiked(@Root() post: Post, @Ctx() { loaders }: GraphQLContext): Promise<boolean> {
    return loaders.viewerHasLiked.load(post.id);
  }
}
