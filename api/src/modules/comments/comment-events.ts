import type { Comment } from './comment.entity';

/** How a new comment reaches live subscribers (in-process or through Redis). */
export interface CommentEvents {
  commentAdded(comment: Comment): Promise<void>;
}

export const commentTopic = (postId: string) => `COMMENT_ADDED.${postId}`;
