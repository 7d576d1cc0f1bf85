import type { DataSource } from 'typeorm';
import type { Viewer } from '../../shared/viewer';
import { withConstraintMessages } from '../../infra/db/errors';
import { type Post, isUuid, postNotFound, type PostService, visiblePostSql } from '../posts';

/** Likes are idempotent: liking twice is one like; the like_count trigger keeps the count exact. */
export class LikeService {
  constructor(
    private readonly db: DataSource,
    private readonly posts: PostService,
  ) {}

  async like(viewer: Viewer, postId: string): Promise<Post> {
    if (!isUuid(postId)) throw postNotFound();
    // Only a post the viewer may see (posts/post-visibility.ts), checked in the same statement.
    await withConstraintMessages(
      () =>
        this.db.query(
          `INSERT INTO likes (post_id, user_uid)
             SELECT p.id, $2 FROM posts p WHERE p.id = $1 AND ${visiblePostSql('p', '$2')}
           ON CONFLICT DO NOTHING`,
          [postId, viewer.uid],
        ),
      { likes_post_id_fkey: postNotFound },
    );
    return this.posts.getVisible(viewer, postId);
  }

  async unlike(viewer: Viewer, postId: string): Promise<Post> {
    const post = await this.posts.getVisible(viewer, postId);
    await this.db.query('DELETE FROM likes WHERE post_id = $1 AND user_uid = $2', [post.id, viewer.uid]);
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
