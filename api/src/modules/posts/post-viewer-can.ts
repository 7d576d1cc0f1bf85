import { Ctx, FieldResolver, ObjectType, Resolver, Root } from 'type-graphql';
import { exposed, viewerCan, type ViewerCanFields } from '../../shared/viewer-can';
import type { GraphQLContext } from '../graphql-context';
import { Post } from './post.entity';
import { postPolicy } from './post.policy';

/**
 * `Post.viewerCan`: what the caller may do to this post, as the policies decide. Its root is the
 * post itself; posts answer their own rows here, moderation adds `report` and `moderate`.
 */
@ObjectType('PostViewerCan', { description: 'What the caller may do to this post, as the api decides it: ask, never re-decide' })
export class PostViewerCan {}

export const POST_VIEWER_CAN = {
  delete: exposed(postPolicy, 'delete', (post: Post) => post),
  editCaptions: exposed(postPolicy, 'editCaptions', (post: Post) => post),
} satisfies ViewerCanFields<Post>;

/** The posts row asked with no object in hand: `Query.viewerCan.post` (moderation's ViewerCan type answers it). */
export const APP_POST_CAN = {
  post: exposed(postPolicy, 'create', (_none: null) => null),
} satisfies ViewerCanFields<null>;

@Resolver(() => PostViewerCan)
export class PostViewerCanResolver {
  @FieldResolver(() => Boolean, { description: 'deletePost: its author' })
  delete(@Root() post: Post, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(POST_VIEWER_CAN.delete, viewer, post);
  }

  @FieldResolver(() => Boolean, { description: 'addCaptionTrack, removeCaptionTrack: its author' })
  editCaptions(@Root() post: Post, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(POST_VIEWER_CAN.editCaptions, viewer, post);
  }
}
