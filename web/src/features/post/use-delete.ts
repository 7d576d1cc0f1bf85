import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { DeleteCommentDocument, DeletePostDocument } from '../../graphql/graphql';
import { removeCommentFromCache, removePostFromCache } from './post-cache';

/**
 * Deletes one of the viewer's posts; the cache forgets it once the server confirms. Rejects on
 * failure. `onDeleted` runs once the server confirmed, just before the post leaves the cache, so a
 * screen that shows only this post can leave in the same render (no 'Post not found' in between).
 */
export function useDeletePost() {
  const [deletePost] = useMutation(DeletePostDocument);
  return useCallback(
    async (postId: string, authorId: string | null | undefined, onDeleted?: () => void) => {
      await deletePost({
        variables: { postId },
        update(cache, { data }) {
          if (!data?.deletePost) return;
          onDeleted?.();
          removePostFromCache(cache, postId, authorId);
        },
      });
    },
    [deletePost],
  );
}

/** Deletes one of the viewer's comments and lowers the post's count. Rejects on failure. */
export function useDeleteComment(postId: string) {
  const [deleteComment] = useMutation(DeleteCommentDocument);
  return useCallback(
    async (commentId: string) => {
      await deleteComment({
        variables: { commentId },
        update(cache, { data }) {
          if (data?.deleteComment) removeCommentFromCache(cache, postId, commentId);
        },
      });
    },
    [deleteComment, postId],
  );
}
