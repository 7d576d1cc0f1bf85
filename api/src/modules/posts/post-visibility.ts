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
  const own = `${alias}.author_uid = ${viewerUid}`;
  return `((${alias}.status = '${PostStatus.READY}' AND NOT ${alias}.hidden_for_review OR ${own}) AND ${notBlockedSql(`${alias}.author_uid`, viewerUid)} AND ${notSuspendedSql(`${alias}.author_uid`)})`;
}

/** No author has an empty uid: a signed-out visitor matches only ready posts. */
export function visibilityParameters(viewer: Pick<Viewer, 'uid'> | null): { visibleToUid: string } {
  return { visibleToUid: viewer?.uid ?? '' };
}
