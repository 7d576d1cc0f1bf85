/**
 * Blocks, mutes and follows as conditions any read can add (SQL over the blocks and mutes tables,
 * which the blocks module writes, and follows, which the follows module writes). `viewer` is a
 * parameter of the statement (':uid', '$1'); `person` a column. A signed-out visitor has no
 * blocks, mutes or follows: pass a parameter holding ''.
 */

/** Neither has blocked the other: a block hides both people from each other, whoever blocked. */
export function notBlockedSql(person: string, viewer: string): string {
  return `NOT EXISTS (SELECT 1 FROM blocks bl WHERE (bl.blocker_uid = ${viewer} AND bl.blocked_uid = ${person}) OR (bl.blocker_uid = ${person} AND bl.blocked_uid = ${viewer}))`;
}

/** The viewer has not muted this person (muting changes only the muter's feeds and threads). */
export function notMutedSql(person: string, viewer: string): string {
  return `NOT EXISTS (SELECT 1 FROM mutes mu WHERE mu.muter_uid = ${viewer} AND mu.muted_uid = ${person})`;
}

/** The viewer follows this person. */
export function followsSql(person: string, viewer: string): string {
  return `EXISTS (SELECT 1 FROM follows f WHERE f.follower_uid = ${viewer} AND f.followee_uid = ${person})`;
}

/** This person is not suspended now: their posts and comments are hidden while it lasts. */
export function notSuspendedSql(person: string): string {
  return `NOT EXISTS (SELECT 1 FROM users su WHERE su.firebase_uid = ${person} AND su.suspended_until > now())`;
}

/**
 * Everyone whose comments a thread hides from this viewer, as a SELECT of one column `uid`: anyone
 * suspended now, blocked either way, or muted by the viewer (comments.service's `hideFromViewer`
 * says the same per comment). Usually no one, so a count can subtract their comments cheaply.
 */
export function hiddenCommentersSql(viewer: string): string {
  return `SELECT bl.blocked_uid AS uid FROM blocks bl WHERE bl.blocker_uid = ${viewer}
    UNION ALL SELECT bl.blocker_uid FROM blocks bl WHERE bl.blocked_uid = ${viewer}
    UNION ALL SELECT mu.muted_uid FROM mutes mu WHERE mu.muter_uid = ${viewer}
    UNION ALL SELECT su.firebase_uid FROM users su WHERE su.suspended_until > now() AND (su.role <> 'student' OR su.suspended_until IS NOT NULL)`;
}
