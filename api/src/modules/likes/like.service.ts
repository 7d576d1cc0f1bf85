import type { DataSource } from 'typeorm';
import type { Viewer } from '../../shared/viewer';
import { withConstraintMessages } from '../../infra/db/errors';
import type { NotificationService } from '../notifications';
import { type Post, isUuid, postNotFound, type PostService, visiblePostSql } from '../posts';

/**
 * Likes are idempotent: liking twice is one like; the like_count trigger keeps the count exact.
 * A like that is new notifies the post's author, and an unlike takes it back, in the same transaction.
 */
export class LikeService {
  constructor(
    private readonly db: DataSource,
    private readonly posts: PostService,
    private readonly notifications: NotificationService,
  ) {}

  async like(viewer: Viewer, postId: string): Promise<Post> {
    if (!isUuid(postId)) throw postNotFound();
    // Only a post the viewer may see (posts/post-visibility.ts), checked in the same statement.
    await withConstraintMessages(
      () =>
        this.notifications.withNotifications(async (tx, notify) => {
          const inserted: unknown[] = await tx.query(
            `INSERT INTO likes (post_id, user_uid)
               SELECT p.id, $2 FROM posts p WHERE p.id = $1 AND ${visiblePostSql('p', '$2')}
             ON CONFLICT DO NOTHING
             RETURNING post_id`,
            [postId, viewer.uid],
          );
          if (inserted.length) await notify.liked(viewer.uid, postId);
        }),
      { likes_post_id_fkey: postNotFound },
    );
    return this.posts.getVisible(viewer, postId);
  }

  async unlike(viewer: Viewer, postId: string): Promise<Post> {
    const post = await this.posts.getVisible(viewer, postId);
    await this.notifications.withNotifications(async (tx, notify) => {
      const removed: unknown[] = await tx.query(
        'WITH gone AS (DELETE FROM likes WHERE post_id = $1 AND user_uid = $2 RETURNING post_id) SELECT post_id FROM gone',
        [post.id, viewer.uid],
      );
      if (removed.length) await notify.unliked(viewer.uid, post.id);
    });
    return this.posts.getVisible(viewer, postId);
  }

  /** Which of these posts the user has liked; one statement for a whole page. */
  async likedBy(uid: string, postIds: readonly string[]): Promise<Set<string>> {
    const valid = postIds.filter(isUuid);
    if (!valid.length) return new Set();
    const rows: Array<{ post_id: string }> = await this.db.query(
      'SELECT post_id FROM likes WHERE user_uid = $1 AND post_id = ANY($2::uuid[])',
      [uid, valid],
    );
    return new Set(rows.map((row) => row.post_id));
  }
}
