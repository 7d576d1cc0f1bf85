import type { DataSource } from 'typeorm';
import { withConstraintMessages } from '../../infra/db/errors';
import { authorize } from '../../shared/policy';
import type { Viewer } from '../../shared/viewer';
import type { NotificationService } from '../notifications';
import { type User, type UserService, userNotFound } from '../users';
import { blockPolicy } from './block.policy';
import { type BlockEvents, LiveRelations, type Relations } from './live-relations';

/**
 * Blocks and mutes: the caller's own lists. Blocking someone removes the follow edges between the
 * two (both ways, counters by trigger) in the same transaction; from then on neither sees the other
 * anywhere (infra/db/relation-filters.ts, used by every read). Muting changes only the muter's
 * feeds and threads. All idempotent. Each change reaches open live channels on every instance
 * (live comments' relations, `events`) and the unread counts of the people concerned (which
 * notifications they are shown depends on it).
 */
export class BlockService {
  private readonly live: LiveRelations;

  constructor(
    private readonly db: DataSource,
    private readonly users: UserService,
    private readonly notifications: NotificationService,
    private readonly events: BlockEvents,
  ) {
    this.live = new LiveRelations((uid) => this.relationsOf(uid));
  }

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
    this.changed([viewer.uid, targetUid]);
    return true;
  }

  async unblock(viewer: Viewer, targetUid: string): Promise<boolean> {
    await this.db.query('DELETE FROM blocks WHERE blocker_uid = $1 AND blocked_uid = $2', [viewer.uid, targetUid]);
    this.changed([viewer.uid, targetUid]);
    return true;
  }

  async mute(viewer: Viewer, targetUid: string): Promise<boolean> {
    authorize(blockPolicy, viewer, 'mute', targetUid);
    await withConstraintMessages(
      () => this.db.query('INSERT INTO mutes (muter_uid, muted_uid) VALUES ($1, $2) ON CONFLICT DO NOTHING', [viewer.uid, targetUid]),
      { mutes_muted_uid_fkey: userNotFound },
    );
    this.changed([viewer.uid]);
    return true;
  }

  async unmute(viewer: Viewer, targetUid: string): Promise<boolean> {
    await this.db.query('DELETE FROM mutes WHERE muter_uid = $1 AND muted_uid = $2', [viewer.uid, targetUid]);
    this.changed([viewer.uid]);
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
   * Whom this student must not get live content from, as it stands now: from memory (a block or
   * mute made on any instance reaches it within moments), so a live comment costs no query per
   * subscriber.
   */
  liveRelations(uid: string): Promise<Relations> {
    return this.live.of(uid);
  }

  /** A block or mute involving `uid` was made on some instance (app.ts hears them all). */
  forgetRelations(uid: string): void {
    this.live.forget(uid);
  }

  /** This instance may have missed announcements (its Redis subscription was broken): read them all afresh. */
  forgetAllRelations(): void {
    this.live.forgetAll();
  }

  /** After the change committed: this instance at once, every other over the PubSub, and the unread counts. */
  private changed(uids: string[]): void {
    for (const uid of uids) this.live.forget(uid);
    this.events.relationsChanged(uids);
    this.notifications.recount(uids);
  }

  private async relationsOf(uid: string): Promise<Relations> {
    const rows: Array<{ uid: string; muted: boolean }> = await this.db.query(
      `SELECT blocked_uid AS uid, false AS muted FROM blocks WHERE blocker_uid = $1
       UNION ALL SELECT blocker_uid, false FROM blocks WHERE blocked_uid = $1
       UNION ALL SELECT muted_uid, true FROM mutes WHERE muter_uid = $1`,
      [uid],
    );
    return {
      blocked: new Set(rows.filter((row) => !row.muted).map((row) => row.uid)),
      muted: new Set(rows.filter((row) => row.muted).map((row) => row.uid)),
    };
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
