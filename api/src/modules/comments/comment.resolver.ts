import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root, Subscription } from 'type-graphql';
import { RequireUser } from '../../graphql/access';
import type { GraphQLContext } from '../../graphql/context';
import { Post } from '../posts/post.entity';
import { User } from '../users/user.entity';
import { commentTopic, type CommentEventPayload } from './comment-events';
import { Comment } from './comment.entity';

type Jsonish<T> = { [K in keyof T]: T[K] extends Date ? string | Date : T[K] };
/** A comment as it crosses the PubSub (through Redis, dates arrive as strings). */
type CommentPayload = Jsonish<Omit<CommentEventPayload, 'author'>> & { author?: Jsonish<User> | null };

/** Authors that came with a live event, so `author` needs no lookup per subscriber. */
const carriedAuthors = new WeakMap<Comment, User | null>();
const hydrated = new WeakMap<CommentPayload, Comment>();

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
    // Every subscriber of the post gets the same payload object: turn it into entities once.
    const known = hydrated.get(payload);
    if (known) return known;
    const { author, ...fields } = payload;
    const comment = Object.assign(new Comment(), fields, { createdAt: new Date(fields.createdAt) });
    if (author !== undefined) {
      carriedAuthors.set(
        comment,
        author && Object.assign(new User(), author, { createdAt: new Date(author.createdAt), updatedAt: new Date(author.updatedAt) }),
      );
    }
    hydrated.set(payload, comment);
    return comment;
  }

  @FieldResolver(() => User, { nullable: true })
  async author(@Root() comment: Comment, @Ctx() { loaders }: GraphQLContext): Promise<User | null> {
    if (carriedAuthors.has(comment)) return carriedAuthors.get(comment)!;
    return loaders.user.load(comment.authorUid);
  }

  @FieldResolver(() => Post, { nullable: true })
  async post(@Root() comment: Comment, @Ctx() { loaders }: GraphQLContext): Promise<Post | null> {
    return loaders.post.load(comment.postId);
  }
}
