import type { DataSource } from 'typeorm';
import type { Viewer } from '../../shared/viewer';
import { withConstraintMessages } from '../../infra/db/errors';
import { authorize, refusal } from '../../shared/policy';
import type { NotificationService } from '../notifications';
import { accountNotAvailable, type User, type UserService, userNotFound } from '../users';
import { followPolicy } from './follow.policy';

/**
 * Follow edges. Idempotent; the follows_count trigger keeps both users' counters exact. A new
 * follower notifies the followee, and an unfollow takes it back, in the same transaction.
 */
export class FollowService {
  constructor(
    private readonly db: DataSource,
    private readonly users: UserService,
    private readonly notifications: NotificationService,
  ) {}

  async follow(viewer: Viewer, targetUid: string): Promise<User> {
    authorize(followPolicy, viewer, 'follow', targetUid);
    // Someone either of the two blocked cannot be followed; the answer says nothing of who blocked whom.
    if (await this.users.isBlockedBetween(viewer.uid, targetUid)) throw accountNotAvailable();
    await withConstraintMessages(
      () =>
        this.notifications.withNotifications(async (tx, notify) => {
          const inserted: unknown[] = await tx.query(
            'INSERT INTO follows (follower_uid, followee_uid) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING followee_uid',
            [viewer.uid, targetUid],
          );
          if (inserted.length) await notify.followed(viewer.uid, targetUid);
        }),
      { follows_followee_uid_fkey: userNotFound, follows_not_self: () => refusal(followPolicy, 'follow') },
    );
    return this.users.get(targetUid);
  }

  async unfollow(viewer: Viewer, targetUid: string): Promise<User> {
    const target = await this.users.get(targetUid);
    await this.notifications.withNotifications(async (tx, notify) => {
      const removed: unknown[] = await tx.query(
        'WITH gone AS (DELETE FROM follows WHERE follower_uid = $1 AND followee_uid = $2 RETURNING followee_uid) SELECT followee_uid FROM gone',
        [viewer.uid, target.id],
      );
      if (removed.length) await notify.unfollowed(viewer.uid, target.id);
    });
    return this.users.get(targetUid);
  }

  /** Which of these users the follower follows; one statement for a whole page. */
  async followedBy(followerUid: string, uids: readonly string[]): Promise<Set<string>> {
    if (!uids.length) return new Set();
    const rows: Array<{ followee_uid: string }> = await this.db.query(
      'SELECT followee_uid FROM follows WHERE follower_uid = $1 AND followee_uid = ANY($2::text[])',
      [followerUid, uids],
    );
    return new Set(rows.map((row) => row.followee_uid));
  }
}
