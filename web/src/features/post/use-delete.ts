import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { DeleteCommentDocument, DeletePostDocument } from '../../graphql/graphql';
import { removeCommentFromCache, removePostFromCache } from './post-cache';

/** Deletes one of the viewer's posts; the cache forgets it once the server confirms. Rejects on failure. */
export function useDeletePost() {
  const [deletePost] = useMutation(DeletePostDocument);
  return useCallback(
    async (postId: string, authorId: string | null | undefined) => {
      await deletePost({
        variables: { postId },
        update(cache, { data }) {
          if (data?.deletePost) removePostFromCache(cache, postId, authorId);
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
