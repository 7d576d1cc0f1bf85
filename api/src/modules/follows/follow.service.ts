import type { DataSource } from 'typeorm';
import type { Viewer } from '../../auth/viewer';
import { withConstraintMessages } from '../../db/errors';
import { ValidationError } from '../../shared/errors';
import { requireViewer } from '../../shared/policies';
import type { RateLimiter } from '../../shared/rate-limiter';
import type { User } from '../users/user.entity';
import type { UserService } from '../users/user.service';

/** Follow edges. Idempotent; the follows_count trigger keeps both users' counters exact. */
export class FollowService {
  constructor(
    private readonly db: DataSource,
    private readonly users: UserService,
    private readonly limits: RateLimiter,
  ) {}

  async follow(viewerOrNull: Viewer | null, targetUid: string): Promise<User> {
    const viewer = requireViewer(viewerOrNull);
    await this.limits.consume('follow', viewer);
    if (targetUid === viewer.uid) throw new ValidationError({ userId: 'You cannot follow yourself.' });
    await withConstraintMessages(() =>
      this.db.query('INSERT INTO follows (follower_uid, followee_uid) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        viewer.uid,
        targetUid,
      ]),
    );
    return this.users.get(targetUid);
  }

  async unfollow(viewerOrNull: Viewer | null, targetUid: string): Promise<User> {
    const viewer = requireViewer(viewerOrNull);
    await this.limits.consume('follow', viewer);
    const target = await this.users.get(targetUid);
    await this.db.query('DELETE FROM follows WHERE follower_uid = $1 AND followee_uid = $2', [viewer.uid, target.id]);
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

  /** Every uid following `uid` and every uid `uid` follows (the REST adapter's `followers`/`following` lists). */
  async edgeUids(uid: string): Promise<{ followers: string[]; following: string[] }> {
    const rows: Array<{ follower_uid: string; followee_uid: string }> = await this.db.query(
      `SELECT follower_uid, followee_uid FROM follows WHERE followee_uid = $1 OR follower_uid = $1 ORDER BY created_at`,
      [uid],
    );
    return {
      followers: rows.filter((row) => row.followee_uid === uid).map((row) => row.follower_uid),
      following: rows.filter((row) => row.follower_uid === uid).map((row) => row.followee_uid),
    };
  }
}
