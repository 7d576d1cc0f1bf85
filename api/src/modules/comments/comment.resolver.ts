import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root, Subscription } from 'type-graphql';
import { RequireUser } from '../../graphql/access';
import type { GraphQLContext } from '../../graphql/context';
import { Post } from '../posts/post.entity';
import { User } from '../users/user.entity';
import { commentTopic } from './comment-events';
import { Comment } from './comment.entity';

/** A comment as it crosses the PubSub (through Redis, dates arrive as strings). */
type CommentPayload = Omit<Comment, 'createdAt'> & { createdAt: string | Date };

@Resolver(() => Comment)
export class CommentResolver {
  @RequireUser()
  @Mutation(() => Comment)
  async addComment(
    @Arg('postId', () => ID) postId: string,
    @Arg('text') text: string,
    @Ctx() { viewer, services }: GraphQLContext,
  ): Promise<Comment> {
    return services.comments.add(viewer, postId, text);
  }

  @RequireUser()
  @Mutation(() => Boolean, { description: "Removes a comment: its author's or one on the caller's own post" })
  async deleteComment(@Arg('id', () => ID) id: string, @Ctx() { viewer, services }: GraphQLContext): Promise<boolean> {
    return services.comments.delete(viewer, id);
  }

  @RequireUser()
  @Subscription(() => Comment, {
    topics: ({ args }) => commentTopic(String(args.postId)),
    description: 'New comments on a post, as they are added',
  })
  commentAdded(@Root() payload: CommentPayload, @Arg('postId', () => ID) _postId: string): Comment {
    return Object.assign(new Comment(), payload, { createdAt: new Date(payload.createdAt) });
  }

  @FieldResolver(() => User, { nullable: true })
  async author(@Root() comment: Comment, @Ctx() { loaders }: GraphQLContext): Promise<User | null> {
    return loaders.user.load(comment.authorUid);
  }

  @FieldResolver(() => Post, { nullable: true })
  async post(@Root() comment: Comment, @Ctx() { loaders }: GraphQLContext): Promise<Post | null> {
    return loaders.post.load(comment.postId);
  }
}
