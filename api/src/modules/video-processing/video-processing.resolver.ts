import { Ctx, Resolver, Root, Subscription } from 'type-graphql';
import { RequireUser } from '../../shared/graphql/access';
import type { GraphQLContext } from '../graphql-context';
import { Post } from '../posts';
import { postUpdatesTopic, type PostUpdateEvent } from './post-updates';

@Resolver()
export class VideoProcessingResolver {
  @RequireUser()
  @Subscription(() => Post, {
    nullable: true,
    topics: ({ context }: { context: GraphQLContext }) => postUpdatesTopic(context.viewer!.uid),
    description: 'The signed-in student’s own posts as their videos are processed: progress, then READY or FAILED',
  })
  async myPostUpdated(@Root() event: PostUpdateEvent, @Ctx() { loaders }: GraphQLContext): Promise<Post | null> {
    // Deleted in between: null rather than an error that would end the subscription.
    return loaders.post.load(event.postId);
  }
}
