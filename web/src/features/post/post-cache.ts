import type { ApolloCache } from '@apollo/client';
import { adjustCommentCount } from './comment-cache';

/**
 * Takes a deleted post out of everything cached at once: evicting it drops it from every feed,
 * tag page and profile list (their relay field policies skip edges whose node is gone), and the
 * author's post count goes down by one.
 */
export function removePostFromCache(cache: ApolloCache, postId: string, authorId: string | null | undefined) {
  cache.evict({ id: cache.identify({ __typename: 'Post', id: postId }) });
  if (authorId) {
    cache.modify({
      id: cache.identify({ __typename: 'User', id: authorId }),
      fields: { postCount: (count) => Math.max(0, (typeof count === 'number' ? count : 0) - 1) },
    });
  }
  cache.gc();
}

/** Takes a deleted comment out of its post's cached list and lowers the post's comment count. */
export function removeCommentFromCache(cache: ApolloCache, postId: string, commentId: string) {
  cache.evict({ id: cache.identify({ __typename: 'Comment', id: commentId }) });
  adjustCommentCount(cache, postId, -1);
  cache.gc();
}
