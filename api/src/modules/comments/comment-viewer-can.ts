import { Ctx, FieldResolver, ObjectType, Resolver, Root } from 'type-graphql';
import { exposed, viewerCan, type ViewerCanFields } from '../../shared/viewer-can';
import type { GraphQLContext } from '../graphql-context';
import { type Post, PostViewerCan } from '../posts';
import { commentPolicy, type CommentSubject } from './comment.policy';

/**
 * `Comment.viewerCan`: what the caller may do to this comment, as the policies decide. Its root
 * is the comment as the rules judge it (its author and its post's author); comments answer their
 * own rows here, moderation adds `report` and `moderate`.
 */
@ObjectType('CommentViewerCan', { description: 'What the caller may do to this comment, as the api decides it: ask, never re-decide' })
export class CommentViewerCan {}

export const COMMENT_VIEWER_CAN = {
  delete: exposed(commentPolicy, 'delete', (comment: CommentSubject) => comment),
} satisfies ViewerCanFields<CommentSubject>;

/** A live comment as the rules judge it: its author and its post's author came with the event. */
export function liveCommentSubject(payload: { authorUid: string; post: { authorUid: string } }): CommentSubject {
  return { authorUid: payload.authorUid, postAuthorUid: payload.post.authorUid };
}

/** Comments' row of `Post.viewerCan`: whether the caller may comment on it (a verified e-mail, D16). */
export const POST_COMMENT_CAN = {
  comment: exposed(commentPolicy, 'create', (post: Post) => post),
} satisfies ViewerCanFields<Post>;

@Resolver(() => PostViewerCan)
export class PostCommentCanResolver {
  @FieldResolver(() => Boolean, { description: 'addComment: anyone signed in whose e-mail is verified' })
  comment(@Root() post: Post, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(POST_COMMENT_CAN.comment, viewer, post);
  }
}

@Resolver(() => CommentViewerCan)
export class CommentViewerCanResolver {
  @FieldResolver(() => Boolean, { description: "deleteComment: its author, or the post's author" })
  delete(@Root() comment: CommentSubject, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(COMMENT_VIEWER_CAN.delete, viewer, comment);
  }
}
