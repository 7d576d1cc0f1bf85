import type { DataSource, Repository } from 'typeorm';
import type { Viewer } from '../../auth/viewer';
import { keysetDesc } from '../../db/keyset';
import { getManyPlain } from '../../db/plain-rows';
import { toPage, type Page } from '../../shared/cursor';
import type { PageRequest } from '../../shared/page-request';
import { requireViewer } from '../../shared/policies';
import { Post } from './post.entity';

/**
 * From this many followees on, Home walks the newest posts of the whole campus and keeps those of
 * followees (their posts are common enough to fill a page quickly); below it, Home reads each
 * followee's newest posts through posts_author_recent and merges them (cheap when they are few,
 * and as cheap on the 50th page as on the first). Measured at campus scale: docs/ARCHITECTURE.md.
 */
export const HOME_WALK_FROM_FOLLOWING = 1000;

/**
 * The two feeds. Home: posts of the people the viewer follows. Explore: posts of everyone else
 * (not the viewer's own). Both newest first, one SQL statement per page, keyset-paginated on
 * (created_at, id) through the posts_recent / posts_author_recent indexes.
 */
export class FeedService {
  private readonly posts: Repository<Post>;

  constructor(db: DataSource) {
    this.posts = db.getRepository(Post);
  }

  async home(viewerOrNull: Viewer | null, page: PageRequest): Promise<Page<Post>> {
    const viewer = requireViewer(viewerOrNull);
    // Rows this page can need: the REST adapter's page numbers skip `offset` rows first.
    const want = page.offset + page.size + 1;
    const after = page.after ? 'AND (q.created_at, q.id) < (:afterCreatedAt, :afterId)' : '';
    const followingCount = '(SELECT u.following_count FROM users u WHERE u.firebase_uid = :uid)';
    // One statement, two plans; the viewer's exact follow count (kept by trigger) picks one at run
    // time and the other branch is never executed (a one-time filter). See docs/ARCHITECTURE.md.
    const builder = this.posts.createQueryBuilder('p').where(
      `p.id IN (
        (SELECT l.id FROM follows f CROSS JOIN LATERAL (
            SELECT q.id, q.created_at FROM posts q WHERE q.author_uid = f.followee_uid ${after}
            ORDER BY q.created_at DESC, q.id DESC LIMIT :want) l
          WHERE f.follower_uid = :uid AND ${followingCount} < :walkFrom
          ORDER BY l.created_at DESC, l.id DESC LIMIT :want)
        UNION ALL
        (SELECT q.id FROM posts q
          WHERE q.author_uid IN (SELECT f.followee_uid FROM follows f WHERE f.follower_uid = :uid) ${after}
            AND ${followingCount} >= :walkFrom
          ORDER BY q.created_at DESC, q.id DESC LIMIT :want))`,
      { uid: viewer.uid, want, walkFrom: HOME_WALK_FROM_FOLLOWING },
    );
    keysetDesc(builder, 'p', page);
    return toPage(await getManyPlain(builder), page.size);
  }

  async explore(viewer: Viewer | null, page: PageRequest): Promise<Page<Post>> {
    const builder = this.posts.createQueryBuilder('p');
    if (viewer) {
      builder
        .where('p.author_uid <> :uid', { uid: viewer.uid })
        .andWhere('NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_uid = :uid AND f.followee_uid = p.author_uid)');
    }
    keysetDesc(builder, 'p', page);
    return toPage(await getManyPlain(builder), page.size);
  }
}
