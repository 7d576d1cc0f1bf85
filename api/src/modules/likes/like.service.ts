import type { DataSource } from 'typeorm';
import type { Viewer } from '../../auth/viewer';
import { withConstraintMessages } from '../../db/errors';
import { requireViewer } from '../../shared/policies';
import type { Post } from '../posts/post.entity';
import { isUuid, type PostService } from '../posts/post.service';
import { NotFoundError } from '../../shared/errors';
import type { RateLimiter } from '../../shared/rate-limiter';

/** Likes are idempotent: liking twice is one like; the like_count trigger keeps the count exact. */
export class LikeService {
  constructor(
    private readonly db: DataSource,
    private readonly posts: PostService,
    private readonly limits: RateLimiter,
  ) {}

  async like(viewerOrNull: Viewer | null, postId: string): Promise<Post> {
    const viewer = requireViewer(viewerOrNull);
    await this.limits.consume('like', viewer);
    if (!isUuid(postId)) throw new NotFoundError('Post not found');
    await withConstraintMessages(() =>
      this.db.query('INSERT INTO likes (post_id, user_uid) VALUES ($1, $2) ON CONFLICT DO NOTHING', [postId, viewer.uid]),
    );
    return this.posts.get(postId);
  }

  async unlike(viewerOrNull: Viewer | null, postId: string): Promise<Post> {
    const viewer = requireViewer(viewerOrNull);
    await this.limits.consume('like', viewer);
    const post = await this.posts.get(postId);
    await this.db.query('DELETE FROM likes WHERE post_id = $1 AND user_uid = $2', [post.id, viewer.uid]);
    return this.posts.get(postId);
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
