import type { DataSource } from 'typeorm';
import type { Viewer } from '../../shared/viewer';
import type { PageRequest } from '../../shared/paging';
import { followsSql, notMutedSql } from '../../infra/db/relation-filters';
import { PostListQuery, type PickPostsSql, publicPostStateSql, visibleAuthorSql, visiblePostSql, type PostListPage } from '../posts';
import { campusScopedPostsSql, CampusScope, mineOnly } from '../campuses';
import { homeOrganizationsSql } from '../organizations';

/**
 * From this many followees on, Home walks the newest posts of the whole campus and keeps those of
 * followees (their posts are common enough to fill a page quickly); below it, Home reads each
 * followee's newest posts through posts_author_recent and merges them (cheap when they are few,
 * and as cheap on the 50th page as on the first). Measured at campus scale: docs/ARCHITECTURE.md.
 */
export const HOME_WALK_FROM_FOLLOWING = 1000;

/**
 * The two feeds. Home: the viewer's own posts, those of the people they follow (D14: a new
 * post is at the top of Home at once) and those made as the organizations they belong to or follow. Explore: posts of everyone else (not the viewer's own).
 * Both newest first, keyset-paginated on (created_at, id) through the posts_recent /
 * posts_author_recent indexes, one prepared statement per page with its authors and likes
 * (posts/post-list-query.ts).
 */
export class FeedService {
  private readonly homePages: PostListQuery;
  private readonly explorePages: PostListQuery;
  private readonly campusExplorePages: PostListQuery;

  constructor(db: DataSource) {
    // Its one parameter: the follow count from which Home walks the campus instead of probing each followee.
    this.homePages = new PostListQuery(db, 'home feed', 1, ({ viewer, want, after, extra }) => {
      const walkFrom = `${extra(0)}::int`;
      // Followees' posts once ready; the viewer's own at every stage (posts/post-visibility.ts);
      // nobody muted (a block already removed the follow). The walk judges each post; the
      // per-author plan judges each author once and each post only by its state, so its per-author
      // index scan stops after `want` rows (judging authors per post made it sort every post of
      // every followee).
      const visible = `AND ${visiblePostSql('w', viewer)} AND ${notMutedSql('w.author_uid', viewer)}`;
      const visibleAuthor = `${visibleAuthorSql('a.uid', viewer)} AND ${notMutedSql('a.uid', viewer)}`;
      const followingCount = `(SELECT u.following_count FROM users u WHERE u.firebase_uid = ${viewer})`;
      const followees = `SELECT f.followee_uid FROM follows f WHERE f.follower_uid = ${viewer}`;
      // Two plans in one statement; the viewer's exact follow count (kept by trigger) picks one at
      // run time and the other branch is never executed (a one-time filter), also under a generic
      // plan (docs/ARCHITECTURE.md). Both include the viewer's own posts (D14): one more probe, or
      // one more author the walk keeps (an OR, not a UNION inside the IN, which would turn the
      // follow check into a scan per post).
      // Issue 26: posts made as the organizations the viewer belongs to or follows, each one's
      // newest through posts_organization_recent (a student has a handful), judged post by post
      // (their authors differ). Whatever the follow count; a post found twice counts once (IN).
      const organizationPosts = `SELECT l.id FROM (${homeOrganizationsSql(viewer)}) o (id) CROSS JOIN LATERAL (
            SELECT w.id, w.created_at FROM posts w WHERE w.organization_id = o.id ${after('w')} ${visible}
            ORDER BY w.created_at DESC, w.id DESC LIMIT ${want}) l
          ORDER BY l.created_at DESC, l.id DESC LIMIT ${want}`;
      // The followees' probes read posts_author_shown (ready, not hidden) and no post rows; the
      // viewer's own posts, at every stage, are one more probe of posts_author_recent.
      return `SELECT q.* FROM posts q WHERE q.id IN (
          (SELECT l.id FROM (${followees}) a (uid) CROSS JOIN LATERAL (
              SELECT w.id, w.created_at FROM posts w WHERE w.author_uid = a.uid ${after('w')} AND ${publicPostStateSql('w')}
              ORDER BY w.created_at DESC, w.id DESC LIMIT ${want}) l
            WHERE ${followingCount} < ${walkFrom} AND ${visibleAuthor}
            ORDER BY l.created_at DESC, l.id DESC LIMIT ${want})
          UNION ALL
          (SELECT w.id FROM posts w WHERE w.author_uid = ${viewer} ${after('w')}
            ORDER BY w.created_at DESC, w.id DESC LIMIT ${want})
          UNION ALL
          (SELECT w.id FROM posts w
            WHERE (w.author_uid = ${viewer} OR w.author_uid IN (${followees})) ${after('w')} ${visible}
              AND ${followingCount} >= ${walkFrom}
            ORDER BY w.created_at DESC, w.id DESC LIMIT ${want})
          UNION ALL
          (${organizationPosts}))
        ${after('q')}
        ORDER BY q.created_at DESC, q.id DESC LIMIT ${want}`;
    });
    // Never the viewer's own posts, so only those anyone may see (posts/post-visibility.ts), of
    // nobody the viewer follows or muted. Signed out, the viewer's uid is '' and those three
    // conditions hold for every post. The page is picked from posts_shown_recent (or
    // posts_campus_shown_recent) alone, an index-only scan judging authors from the index, and
    // only its rows are fetched.
    const explore = ({ viewer, want, after }: Parameters<PickPostsSql>[0], campus = 'TRUE') => `SELECT q.* FROM posts q
        WHERE q.id IN (SELECT s.id FROM posts s
          WHERE ${campus} AND ${publicPostStateSql('s')} AND ${visibleAuthorSql('s.author_uid', viewer)}
            AND s.author_uid <> ${viewer} AND ${notMutedSql('s.author_uid', viewer)}
            AND NOT ${followsSql('s.author_uid', viewer)}
            ${after('s')}
          ORDER BY s.created_at DESC, s.id DESC LIMIT ${want})
        ORDER BY q.created_at DESC, q.id DESC LIMIT ${want}`;
    this.explorePages = new PostListQuery(db, 'explore feed', 0, (params) => explore(params));
    // The viewer's campus (D16): its posts through posts_campus_recent, or everyone's for a viewer
    // with no campus; one statement either way (campuses/campus-scope.ts).
    this.campusExplorePages = new PostListQuery(db, 'explore feed, own campus', 0, (params) =>
      campusScopedPostsSql(params.viewer, 's', (campus) => explore(params, campus)),
    );
  }

  home(viewer: Viewer, page: PageRequest): Promise<PostListPage> {
    return this.homePages.page(viewer, page, [HOME_WALK_FROM_FOLLOWING]);
  }

  /** Explore; `scope` MINE keeps to the viewer's campus (GraphQL's default; REST's spec'd feed is ALL). */
  explore(viewer: Viewer | null, page: PageRequest, scope: CampusScope = CampusScope.ALL): Promise<PostListPage> {
    // Signed out, MINE is everyone's: the plain statement, without the campus branches.
    return (viewer && mineOnly(scope) ? this.campusExplorePages : this.explorePages).page(viewer, page);
  }
}
