import type { Relations } from '../blocks';
import type { User } from '../users';
import type { Comment } from './comment.entity';

/** How a new comment, with its author, reaches live subscribers (in-process or through Redis). */
export interface CommentEvents {
  commentAdded(event: CommentEventPayload): void;
}

export const commentTopic = (postId: string) => `COMMENT_ADDED.${postId}`;

/**
 * What crosses the PubSub (through Redis, as JSON: dates arrive as strings): the comment, its
 * author, and what each subscriber's delivery is decided by: the post's author and whether the
 * post's state lets everyone see it, as they were when the comment was stored.
 */
export type CommentEventPayload = Comment & { author: User | null; post: LivePost };

export interface LivePost {
  authorUid: string;
  /** Ready and not hidden for review (posts' publicPostStateSql). */
  public: boolean;
}

/**
 * Whether a live comment reaches this subscriber: the read path's rules (the thread: comments.
 * forPost; the post: post-visibility), applied to one event with the subscriber's relations as
 * they stand now. The post: public or the subscriber's own, and its author not blocked either
 * way. The comment: its author neither blocked either way nor muted by the subscriber. (A
 * suspended author cannot comment, nor can anyone under their posts: the insert refuses.)
 */
export function liveCommentShown(viewerUid: string, event: { authorUid: string; post?: LivePost }, relations: Relations): boolean {
  const post = event.post;
  if (!post || (!post.public && post.authorUid !== viewerUid)) return false;
  if (relations.blocked.has(post.authorUid)) return false;
  return !relations.blocked.has(event.authorUid) && !relations.muted.has(event.authorUid);
}
