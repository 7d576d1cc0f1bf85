import type { User } from '../users';
import type { Comment } from './comment.entity';

/** How a new comment, with its author, reaches live subscribers (in-process or through Redis). */
export interface CommentEvents {
  commentAdded(event: CommentEventPayload): void;
}

export const commentTopic = (postId: string) => `COMMENT_ADDED.${postId}`;

/** What crosses the PubSub: the comment and its author (through Redis, as JSON: dates arrive as strings). */
export type CommentEventPayload = Comment & { author: User | null };
