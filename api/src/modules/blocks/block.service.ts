import type { DataSource } from 'typeorm';
import { withConstraintMessages } from '../../infra/db/errors';
import { authorize } from '../../shared/policy';
import type { Viewer } from '../../shared/viewer';
import { type User, type UserService, userNotFound } from '../users';
import { blockPolicy } from './block.policy';

/**
 * Blocks and mutes: the caller's own lists. Blocking someone removes the follow edges between the
 * two (both ways, counters by trigger) in the same transaction; from then on neither sees the other
 * anywhere (infra/db/relation-filters.ts, used by every read). Muting changes only the muter's
 * feeds and threads. All idempotent.
 */
export class BlockService {
  constructor(
    private readonly db: DataSource,
    private readonly users: UserService,
  ) {}

  async block(viewer: Viewer, targetUid: string): Promise<boolean> {
    authorize(blockPolicy, viewer, 'block', targetUid);
    await withConstraintMessages(
      () =>
        this.db.transaction(async (tx) => {
          await tx.query('INSERT INTO blocks (blocker_uid, blocked_uid) VALUES ($1, $2) ON CONFLICT DO NOTHING', [viewer.uid, targetUid]);
          await tx.query(
            'DELETE FROM follows WHERE (follower_uid = $1 AND followee_uid = $2) OR (follower_uid = $2 AND followee_uid = $1)',
            [viewer.uid, targetUid],
          );
        }),
      { blocks_blocked_uid_fkey: userNotFound },
    );
    return true;
  }

  async unblock(viewer: Viewer, targetUid: string): Promise<boolean> {
    await this.db.query('DELETE FROM blocks WHERE blocker_uid = $1 AND blocked_uid = $2', [viewer.uid, targetUid]);
    return true;
  }

  async mute(viewer: Viewer, targetUid: string): Promise<boolean> {
    authorize(blockPolicy, viewer, 'mute', targetUid);
    await withConstraintMessages(
      () => this.db.query('INSERT INTO mutes (muter_uid, muted_uid) VALUES ($1, $2) ON CONFLICT DO NOTHING', [viewer.uid, targetUid]),
      { mutes_muted_uid_fkey: userNotFound },
    );
    return true;
  }

  async unmute(viewer: Viewer, targetUid: string): Promise<boolean> {
    await this.db.query('DELETE FROM mutes WHERE muter_uid = $1 AND muted_uid = $2', [viewer.uid, targetUid]);
    return true;
  }

  /** The people the viewer blocked, most recent first (Settings). */
  blocked(viewer: Viewer): Promise<User[]> {
    return this.list('blocks', 'blocker_uid', 'blocked_uid', viewer);
  }

  /** The people the viewer muted, most recent first (Settings). */
  muted(viewer: Viewer): Promise<User[]> {
    return this.list('mutes', 'muter_uid', 'muted_uid', viewer);
  }

  /**
   * Everyone whose posts and comments this viewer must not get: blocked either way, or muted.
   * Loaded once per live subscription, so an event costs no lookup per subscriber.
   */
  async hiddenFrom(viewer: Viewer): Promise<Set<string>> {
    const rows: Array<{ uid: string }> = await this.db.query(
      `SELECT blocked_uid AS uid FROM blocks WHERE blocker_uid = $1
       UNION SELECT blocker_uid FROM blocks WHERE blocked_uid = $1
       UNION SELECT muted_uid FROM mutes WHERE muter_uid = $1`,
      [viewer.uid],
    );
    return new Set(rows.map((row) => row.uid));
  }

  private async list(table: string, own: string, other: string, viewer: Viewer): Promise<User[]> {
    const rows: Array<{ uid: string }> = await this.db.query(
      `SELECT ${other} AS uid FROM ${table} WHERE ${own} = $1 ORDER BY created_at DESC LIMIT 500`,
      [viewer.uid],
    );
    const users = new Map((await this.users.byIds(rows.map((row) => row.uid))).map((user) => [user.id, user]));
    return rows.flatMap((row) => users.get(row.uid) ?? []);
  }
}
