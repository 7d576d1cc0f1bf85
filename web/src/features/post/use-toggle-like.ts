import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { LikePostDocument, UnlikePostDocument } from '../../graphql/graphql';
import { rateLimitMessage } from '../../shared/lib/graphql-error';

type LikeablePost = { id: string; likeCount: number; viewerHasLiked: boolean };

/**
 * Optimistic like toggle (spec §4): the flag and count flip at once through Apollo's optimistic
 * layer; if the call fails, Apollo drops that layer so both return to the post's values, and
 * `onError` gets the message to show (D5). The count never goes below 0.
 */
export function useToggleLike(onError: (message: string) => void) {
  const [likePost] = useMutation(LikePostDocument);
  const [unlikePost] = useMutation(UnlikePostDocument);

  return useCallback(
    async (post: LikeablePost) => {
      const liking = !post.viewerHasLiked;
      const optimisticPost = {
        __typename: 'Post' as const,
        id: post.id,
        likeCount: Math.max(0, post.likeCount + (liking ? 1 : -1)),
        viewerHasLiked: liking,
      };
      try {
        if (liking) {
          await likePost({ variables: { postId: post.id }, optimisticResponse: { likePost: optimisticPost } });
        } else {
          await unlikePost({ variables: { postId: post.id }, optimisticResponse: { unlikePost: optimisticPost } });
        }
      } catch (error) {
        console.error(liking ? 'Failed to like post' : 'Failed to unlike post', error);
        onError(rateLimitMessage(error) ?? (liking ? 'Failed to like post' : 'Failed to unlike post'));
      }
    },
    [likePost, unlikePost, onError],
  );
}
