import { hiddenCommentersSql, notBlockedSql, notSuspendedSql } from '../../infra/db/relation-filters';
import type { Viewer } from '../../shared/viewer';
import { PostStatus } from './post-media';

/**
 * Who may see a post, in one place, as a condition on the posts row `alias`: everyone (signed
 * out too) once its video is ready, its author at every stage (a student sees their clip
 * 'Processing…' at once, or why it failed), and nobody the author blocked or who blocked the
 * author. A post hidden pending review (reported by several students) is its author's only; a
 * suspended author's posts are nobody's while the suspension lasts. Every read of posts (by id, profile, tag, feeds, likes, comments) goes through it. The
 * viewer's uid comes from `viewerUid`: by default the named parameter `visibilityParameters(viewer)`
 * supplies; or another parameter of the statement (':uid', '$2').
 */
export function visiblePostSql(alias: string, viewerUid = ':visibleToUid'): string {
  return `(${visiblePostStateSql(alias, viewerUid)} AND ${visibleAuthorSql(`${alias}.author_uid`, viewerUid)})`;
}

/** The post's own half of the rule: ready and not hidden for review, or the viewer's own. */
export function visiblePostStateSql(alias: string, viewerUid = ':visibleToUid'): string {
  return `(${publicPostStateSql(alias)} OR ${alias}.author_uid = ${viewerUid})`;
}

/** The post's state lets everyone see it (the author sees it at every stage): ready and not hidden for review. */
export function publicPostStateSql(alias: string): string {
  return `(${alias}.status = '${PostStatus.READY}' AND NOT ${alias}.hidden_for_review)`;
}

/**
 * The author's half: nobody blocked either way, nobody suspended. A query that lists authors
 * first (Home's followees) applies it once per author, not once per post: at campus scale that
 * took Home's first page from 740 ms to 14 ms (docs/ARCHITECTURE.md, "Feeds").
 */
export function visibleAuthorSql(authorColumn: string, viewerUid = ':visibleToUid'): string {
  return `(${notBlockedSql(authorColumn, viewerUid)} AND ${notSuspendedSql(authorColumn)})`;
}

/** No author has an empty uid: a signed-out visitor matches only ready posts. */
export function visibilityParameters(viewer: Pick<Viewer, 'uid'> | null): { visibleToUid: string } {
  return { visibleToUid: viewer?.uid ?? '' };
}

/**
 * Whether a post's files (renditions, posters) are served to anyone who asks, as a condition on
 * the posts row: exactly when a signed-out visitor may see the post (ready, not hidden for review,
 * its author not suspended). /media cannot tell who asks (a <video> request carries no token), so
 * anything else is served only with a grant in its URL (`mediaGrantedTo`).
 */
export function postMediaPublicSql(alias: string): string {
  return visiblePostSql(alias, "''");
}

/**
 * A post's comment count as the viewer's thread shows it: the trigger-kept `comment_count` less
 * the comments of the people the thread hides from them (relation-filters' `hiddenCommentersSql`:
 * suspended, blocked either way, muted). `hidden` is a relation with a `uid` column listing those
 * people: a CTE a page computes once (`HIDDEN_COMMENTERS`), or `hiddenCommentersRelation(viewer)`.
 * Nobody is hidden from most viewers, and then nothing is counted.
 */
export function visibleCommentCountSql(alias: string, hidden: string): string {
  return `(${alias}.comment_count - CASE WHEN EXISTS (SELECT 1 FROM ${hidden} hx) THEN (
      SELECT count(*) FROM comments hc WHERE hc.post_id = ${alias}.id AND hc.author_uid IN (SELECT hy.uid FROM ${hidden} hy)
    )::int ELSE 0 END)`;
}

/** The CTE name a statement gives `hiddenCommentersRelation` when it counts for many posts. */
export const HIDDEN_COMMENTERS = 'hidden_commenters';

/** The people hidden from this viewer's threads, as a relation `visibleCommentCountSql` can read. */
export function hiddenCommentersRelation(viewerUid: string): string {
  return `(${hiddenCommentersSql(viewerUid)})`;
}
