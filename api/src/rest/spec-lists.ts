import type { DataSource } from 'typeorm';

/**
 * Lists only the spec's documents carry (§3, §7): a post's `likes` as every liker's uid, a user's
 * `followers` and `following` as every uid. They are shapes of the REST adapter's documents, not
 * features, so they are read here, one statement each whatever the page, and no service offers them.
 */
export interface SpecLists {
  /** Uids of the people who liked each post, oldest like first. */
  likerUids(postIds: readonly string[]): Promise<Map<string, string[]>>;
  /** Every uid following `uid` and every uid `uid` follows, oldest first. */
  followUids(uid: string): Promise<{ followers: string[]; following: string[] }>;
}

export function createSpecLists(db: DataSource): SpecLists {
  return {
    async likerUids(postIds) {
      const result = new Map<string, string[]>(postIds.map((id) => [id, []]));
      if (!postIds.length) return result;
      const rows: Array<{ post_id: string; user_uid: string }> = await db.query(
        'SELECT post_id, user_uid FROM likes WHERE post_id = ANY($1::uuid[]) ORDER BY created_at',
        [postIds],
      );
      for (const row of rows) result.get(row.post_id)?.push(row.user_uid);
      return result;
    },
    async followUids(uid) {
      const rows: Array<{ follower_uid: string; followee_uid: string }> = await db.query(
        `SELECT follower_uid, followee_uid FROM follows WHERE followee_uid = $1 OR follower_uid = $1 ORDER BY created_at`,
        [uid],
      );
      return {
        followers: rows.filter((row) => row.followee_uid === uid).map((row) => row.follower_uid),
        following: rows.filter((row) => row.follower_uid === uid).map((row) => row.followee_uid),
      };
    },
  };
}
