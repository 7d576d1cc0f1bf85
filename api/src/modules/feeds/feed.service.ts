import type { DataSource, Repository } from 'typeorm';
import type { Viewer } from '../../shared/viewer';
import { keysetDesc, toPage, type Page, type PageRequest } from '../../shared/paging';
import { getManyPlain } from '../../infra/db/plain-rows';
import { notMutedSql } from '../../infra/db/relation-filters';
import { Post, visibleAuthorSql, visiblePostSql, visiblePostStateSql } from '../posts';

/**
 * From this many followees on, Home walks the newest posts of the whole campus and keeps those of
 * followees (their posts are common enough to fill a page quickly); below it, Home reads each
 * followee's newest posts through posts_author_recent and merges them (cheap when they are few,
 * and as cheap on the 50th page as on the first). Measured at campus scale: docs/ARCHITECTURE.md.
 */
export const HOME_WALK_FROM_FOLLOWING = 1000;

/**
 * The two feeds. Home: the viewer's own posts and those of the people they follow (D14: a new
 * post is at the top of Home at once). Explore: posts of everyone else (not the viewer's own). Both newest first, one SQL statement per page, keyset-paginated on
 * (created_at, id) through the posts_recent / posts_author_recent indexes.
 */
export class FeedService {
  private readonly posts: Repository<Post>;

  constructor(db: DataSource) {
    this.posts = db.getRepository(Post);
  }

  async home(viewer: Viewer, page: PageRequest): Promise<Page<Post>> {
    // Rows this page can need: the page and one more (whether more remain).
    const want = page.size + 1;
    const after = page.after ? 'AND (q.created_at, q.id) < (:afterCreatedAt, :afterId)' : '';
    // Followees' posts once ready; the viewer's own at every stage (posts/post-visibility.ts);
    // nobody muted (a block already removed the follow). The walk judges each post; the per-author
    // plan judges each author once and each post only by its state, so its per-author index scan
    // stops after `want` rows (judging authors per post made it sort every post of every followee).
    const visible = `AND ${visiblePostSql('q', ':uid')} AND ${notMutedSql('q.author_uid', ':uid')}`;
    const visibleAuthor = `${visibleAuthorSql('a.uid', ':uid')} AND ${notMutedSql('a.uid', ':uid')}`;
    const followingCount = '(SELECT u.following_count FROM users u WHERE u.firebase_uid = :uid)';
    const followees = 'SELECT f.followee_uid FROM follows f WHERE f.follower_uid = :uid';
    // One statement, two plans; the viewer's exact follow count (kept by trigger) picks one at run
    // time and the other branch is never executed (a one-time filter). See docs/ARCHITECTURE.md.
    // Both include the viewer's own posts (D14): one more probe, or one more author the walk keeps
    // (an OR, not a UNION inside the IN, which would turn the follow check into a scan per post).
    const builder = this.posts.createQueryBuilder('p').where(
      `p.id IN (
        (SELECT l.id FROM (${followees} UNION ALL SELECT :uid) a (uid) CROSS JOIN LATERAL (
            SELECT q.id, q.created_at FROM posts q WHERE q.author_uid = a.uid ${after} AND ${visiblePostStateSql('q', ':uid')}
            ORDER BY q.created_at DESC, q.id DESC LIMIT :want) l
          WHERE ${followingCount} < :walkFrom AND ${visibleAuthor}
          ORDER BY l.created_at DESC, l.id DESC LIMIT :want)
        UNION ALL
        (SELECT q.id FROM posts q
          WHERE (q.author_uid = :uid OR q.author_uid IN (${followees})) ${after} ${visible}
            AND ${followingCount} >= :walkFrom
          ORDER BY q.created_at DESC, q.id DESC LIMIT :want))`,
      { uid: viewer.uid, want, walkFrom: HOME_WALK_FROM_FOLLOWING },
    );
    keysetDesc(builder, 'p', page);
    return toPage(await getManyPlain(builder), page.size);
  }

  async explore(viewer: Viewer | null, page: PageRequest): Promise<Page<Post>> {
    // Never the viewer's own posts, so only those anyone may see (posts/post-visibility.ts), of
    // nobody the viewer follows or muted.
    const builder = this.posts.createQueryBuilder('p').where(visiblePostSql('p', ':uid'), { uid: viewer?.uid ?? '' });
    if (viewer) {
      builder
        .andWhere('p.author_uid <> :uid')
        .andWhere(notMutedSql('p.author_uid', ':uid'))
        .andWhere('NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_uid = :uid AND f.followee_uid = p.author_uid)');
    }
    keysetDesc(builder, 'p', page);
    return toPage(await getManyPlain(builder), page.size);
  }
}
