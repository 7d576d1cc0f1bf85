import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Resolver, Root, Subscription } from 'type-graphql';
import { RequireUser, SignedIn } from '../../shared/graphql/access';
import { RateLimited } from '../../shared/graphql/rate-limited';
import { toConnection, type Connection } from '../../shared/graphql/connection';
import { cursorPage } from '../../shared/paging';
import type { Viewer } from '../../shared/viewer';
import type { GraphQLContext } from '../graphql-context';
import type { Relations } from '../blocks';
import { Post } from '../posts';
import { User } from '../users';
import { CommentConnection } from './comment-connection';
import { commentTopic, liveCommentShown, type CommentEventPayload } from './comment-events';
import { Comment } from './comment.entity';
import type { CommentSubject } from './comment.policy';
import { CommentViewerCan, liveCommentSubject } from './comment-viewer-can';

type Jsonish<T> = { [K in keyof T]: T[K] extends Date ? string | Date : T[K] };
/** A comment as it crosses the PubSub (through Redis, dates arrive as strings). */
type CommentPayload = Jsonish<Omit<CommentEventPayload, 'author'>> & { author?: Jsonish<User> | null };

/**
 * Whether this subscriber gets a live comment, decided for each delivery (comment-events.ts) with
 * the subscriber's blocks and mutes as they stand now, from memory (blocks' LiveRelations): an
 * event costs no query per subscriber, and a block reaches open subscriptions on every instance.
 */
async function liveCommentAllowed(context: GraphQLContext, payload: CommentPayload): Promise<boolean> {
  const viewer = context.viewer;
  if (!viewer) return false;
  let relations: Relations;
  try {
    relations = await context.services.blocks.liveRelations(viewer.uid);
  } catch {
    // The database did not answer (a busy pool): this one event is not sent, the thread shows it
    // on the next read, and the subscription stays (a failed filter would end it).
    return false;
  }
  return liveCommentShown(viewer.uid, payload, relations);
}

/** Authors that came with a live event, so `author` needs no lookup per subscriber. */
const carriedAuthors = new WeakMap<Comment, User | null>();
const hydrated = new WeakMap<CommentPayload, Comment>();

@Resolver(() => Comment)
export class CommentResolver {
  @RequireUser()
  @RateLimited('comment')
  @Mutation(() => Comment)
  async addComment(
    @Arg('postId', () => ID) postId: string,
    @Arg('text') text: string,
    @Arg('mentions', () => [ID], {
      defaultValue: [],
      description: "Ids of mentioned students (at most 10); one whose '@' + display name is not in the text is left out",
    })
    mentions: string[],
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<Comment> {
    return services.comments.add(viewer, postId, text, mentions);
  }

  @RequireUser()
  @RateLimited('delete')
  @Mutation(() => Boolean, { description: "Removes a comment: its author's or one on the caller's own post" })
  async deleteComment(@Arg('id', () => ID) id: string, @SignedIn() viewer: Viewer, @Ctx() { services }: GraphQLContext): Promise<boolean> {
    return services.comments.delete(viewer, id);
  }

  @RequireUser()
  @Subscription(() => Comment, {
    topics: ({ args }) => commentTopic(String(args.postId)),
    filter: ({ payload, context }: { payload: CommentPayload; context: GraphQLContext }) => liveCommentAllowed(context, payload),
    description: 'New comments on a post, as they are added',
  })
  commentAdded(@Root() payload: CommentPayload, @Arg('postId', () => ID) _postId: string): Comment {
    // Every subscriber of the post gets the same payload object: turn it into entities once.
    const known = hydrated.get(payload);
    if (known) return known;
    const { author, post: _post, postAuthorUid: _known, ...fields } = payload;
    // The post's author came with the event too: viewerCan needs no lookup per subscriber.
    const comment = Object.assign(new Comment(), fields, {
      createdAt: new Date(fields.createdAt),
      postAuthorUid: liveCommentSubject(payload).postAuthorUid,
    });
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

  @FieldResolver(() => CommentViewerCan, { description: 'What the caller may do to this comment (the policies answer; the client asks)' })
  async viewerCan(@Root() comment: Comment, @Ctx() { loaders }: GraphQLContext): Promise<CommentSubject> {
    // The post is in the request's loader already when the comment was read through it (Post.comments).
    const postAuthorUid = comment.postAuthorUid ?? (await loaders.post.load(comment.postId))?.authorUid ?? '';
    return { authorUid: comment.authorUid, postAuthorUid };
  }

  @FieldResolver(() => Post, { nullable: true })
  async post(@Root() comment: Comment, @Ctx() { loaders }: GraphQLContext): Promise<Post | null> {
    return loaders.post.load(comment.postId);
  }
}

/** `Post.comments`: a post's comments belong to comments (posts/ knows nothing of comments). */
@Resolver(() => Post)
export class PostCommentsResolver {
  @FieldResolver(() => CommentConnection, { description: 'Oldest first' })
  async comments(
    @Root() post: Post,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() { services, viewer, loaders }: GraphQLContext,
  ): Promise<Connection<Comment>> {
    // Each comment's viewerCan reads its post's author from the loader: this post, no statement.
    loaders.post.prime(post.id, post);
    const page = await services.comments.forPost(post.id, cursorPage(first, after), viewer);
    for (const author of page.authors) loaders.user.prime(author.id, author);
    return toConnection(page, (comment) => comment);
  }
}
