import { notBlockedSql, notSuspendedSql } from '../../infra/db/relation-filters';
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
