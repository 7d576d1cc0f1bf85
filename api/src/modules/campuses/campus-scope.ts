import { CampusScope } from './campus.types';

/**
 * The campus filter of a list of posts, inside the list's one statement (D16, issue 25 item 5).
 * Posts carry their author's campus (`posts.author_campus_id`, kept by triggers from
 * `users.campus_id`), so a campus's newest posts and upcoming events are walked through their own
 * indexes (posts_campus_recent, posts_campus_event_upcoming) instead of filtering every campus's.
 *
 * `pick(condition)` is the list's SELECT with one more condition on its posts alias. For MINE the
 * statement is two branches; the viewer's campus, read inside the statement, chooses one at run
 * time (a one-time filter, as Home's two plans: docs/ARCHITECTURE.md) and the other never runs:
 * the viewer's campus's posts, or, for a viewer with no campus (or signed out: the uid ''),
 * everyone's.
 */
export function campusScopedPostsSql(viewer: string, alias: string, pick: (condition: string) => string): string {
  const viewerCampus = viewerCampusSql(viewer);
  return `(${pick(`${viewerCampus} IS NULL`)}) UNION ALL (${pick(`${alias}.author_campus_id = ${viewerCampus}`)})`;
}

/** The viewer's campus (NULL for none, or signed out), as a scalar subquery of the statement. */
export function viewerCampusSql(viewer: string): string {
  return `(SELECT cv.campus_id FROM users cv WHERE cv.firebase_uid = ${viewer})`;
}

/** Whether a list asks for the viewer's campus only (MINE is every list's default in GraphQL). */
export function mineOnly(scope: CampusScope | null | undefined): boolean {
  return scope === CampusScope.MINE;
}
