import { useCallback } from 'react';
import { useQuery } from '@apollo/client/react';
import { PlayerClipDocument } from '../../graphql/graphql';
import { useToggleLike } from '../post';
import type { PlayerPost } from './player-types';

/**
 * The current clip in full (a profile tile lacks the author and the like), with its author's
 * follow state, and its like: the answer lands in the same cache entry as the list's post, so
 * likes stay in sync with the card underneath.
 */
export function useClipLike(active: PlayerPost | undefined, onError: (message: string) => void) {
  const toggleLike = useToggleLike(onError);
  const { data } = useQuery(PlayerClipDocument, { variables: { id: active?.id ?? '' }, skip: !active });
  const full = data?.post && data.post.id === active?.id ? data.post : null;
  const likeCount = full?.likeCount ?? active?.likeCount ?? 0;
  const viewerHasLiked = full?.viewerHasLiked ?? active?.viewerHasLiked;
  const like = useCallback(() => {
    if (!active || viewerHasLiked === undefined) return;
    void toggleLike({ id: active.id, likeCount, viewerHasLiked });
  }, [active, likeCount, viewerHasLiked, toggleLike]);
  return { full, likeCount, viewerHasLiked, like };
}
