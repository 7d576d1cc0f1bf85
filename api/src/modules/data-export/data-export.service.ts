import type { DataSource } from 'typeorm';
import { NotFoundError } from '../../shared/errors';
import type { Viewer } from '../../shared/viewer';

/**
 * 'Download my data' (GDPR-style access, as Mastodon's archive export): everything Campus Clips
 * keeps about one student, as they would see it, in one JSON document. It holds their own private
 * data (their e-mail, birth date, calendar, settings) and, of anyone else, only what any signed-in
 * student sees anyway (a uid and display name beside a follow or a block): never another person's
 * e-mail, birth date, calendar or settings. Media is listed by its address (`/media/...`); the
 * queued archive (data-export-archive.service.ts) holds this as data.json beside the files themselves.
 */
export interface StudentData {
  format: 'campus-clips-data-export';
  version: 1;
  exportedAt: string;
  profile: Record<string, unknown>;
  posts: Array<Record<string, unknown>>;
  comments: Array<Record<string, unknown>>;
  likes: Array<Record<string, unknown>>;
  following: Person[];
  followers: Person[];
  blocked: Person[];
  muted: Person[];
  calendar: Array<Record<string, unknown>>;
  notificationSettings: Record<string, unknown> | null;
  calendarFeed: { active: boolean };
  reports: Array<Record<string, unknown>>;
  moderationNotices: Array<Record<string, unknown>>;
  uploads: Array<Record<string, unknown>>;
}

interface Person {
  uid: string;
  displayName: string | null;
  since: Date;
}

export class DataExportService {
  constructor(private readonly db: DataSource) {}

  /** The caller's own data (the REST route and GraphQL answer only for the caller). */
  async forViewer(viewer: Viewer): Promise<StudentData> {
    return this.collect(viewer.uid);
  }

  /** data.json of a queued archive (data-export-archive.service.ts), for the student who asked. */
  async forStudent(uid: string): Promise<StudentData> {
    return this.collect(uid);
  }

  /** `npm run admin -- export <email>`: an operator answering a student's written request. */
  async forEmail(email: string): Promise<StudentData> {
    const [user]: Array<{ firebase_uid: string }> = await this.db.query('SELECT firebase_uid FROM users WHERE lower(email) = lower($1)', [
      email.trim(),
    ]);
    if (!user) throw new NotFoundError('User not found');
    return this.collect(user.firebase_uid);
  }

  /** One read-only transaction, so the parts agree with each other. */
  private async collect(uid: string): Promise<StudentData> {
    return this.db.transaction('REPEATABLE READ', async (tx) => {
      const all = (sql: string) => tx.query(sql, [uid]) as Promise<Array<Record<string, unknown>>>;
      const [profile] = await all(
        `SELECT firebase_uid AS uid, email, display_name AS "displayName", photo_url AS "photoURL", date_of_birth AS "dateOfBirth",
                bio, interests, role, suspended_until AS "suspendedUntil", follower_count AS "followerCount",
                following_count AS "followingCount", post_count AS "postCount", created_at AS "createdAt", updated_at AS "updatedAt"
           FROM users WHERE firebase_uid = $1`,
      );
      if (!profile) throw new NotFoundError('User not found');
      // Another person appears by uid and display name only, as any signed-in student sees them.
      const people = (table: string, owner: string, other: string) =>
        all(
          `SELECT t.${other} AS uid, u.display_name AS "displayName", t.created_at AS since
             FROM ${table} t LEFT JOIN users u ON u.firebase_uid = t.${other}
            WHERE t.${owner} = $1 ORDER BY t.created_at`,
        ) as unknown as Promise<Person[]>;
      const [settings] = await all(`SELECT likes, comments, mentions, follows, moderation FROM notification_settings WHERE user_uid = $1`);
      const [feed] = await all(`SELECT 1 FROM calendar_feeds WHERE user_uid = $1`);
      return {
        format: 'campus-clips-data-export',
        version: 1,
        exportedAt: new Date().toISOString(),
        profile,
        posts: await all(
          `SELECT id, caption, tags, status, created_at AS "createdAt", video_url AS "videoUrl", poster_url AS "posterUrl",
                  renditions, poster_sources AS "posterSources", duration, width, height, like_count AS "likeCount",
                  comment_count AS "commentCount", hidden_for_review AS "hiddenForReview",
                  CASE WHEN event_name IS NULL THEN NULL ELSE json_build_object(
                    'name', event_name, 'date', event_date, 'startTime', event_start_time, 'endTime', event_end_time,
                    'timeZone', event_time_zone, 'startsAt', event_starts_at, 'endsAt', event_ends_at, 'place', event_place) END AS event
             FROM posts WHERE author_uid = $1 ORDER BY created_at`,
        ),
        comments: await all(
          `SELECT id, post_id AS "postId", text, created_at AS "createdAt" FROM comments WHERE author_uid = $1 ORDER BY created_at`,
        ),
        likes: await all(`SELECT post_id AS "postId", created_at AS "likedAt" FROM likes WHERE user_uid = $1 ORDER BY created_at`),
        following: await people('follows', 'follower_uid', 'followee_uid'),
        followers: await people('follows', 'followee_uid', 'follower_uid'),
        blocked: await people('blocks', 'blocker_uid', 'blocked_uid'),
        muted: await people('mutes', 'muter_uid', 'muted_uid'),
        calendar: await all(
          `SELECT date, name, post_id AS "postId", updated_at AS "updatedAt" FROM calendar_events WHERE user_uid = $1 ORDER BY date`,
        ),
        notificationSettings: settings ?? null,
        calendarFeed: { active: Boolean(feed) },
        reports: await all(
          `SELECT target_type AS "targetType", target_id AS "targetId", reason, details, status, created_at AS "createdAt"
             FROM reports WHERE reporter_uid = $1 ORDER BY created_at`,
        ),
        moderationNotices: await all(
          `SELECT message, created_at AS "createdAt" FROM moderation_notices WHERE user_uid = $1 ORDER BY created_at`,
        ),
        uploads: await all(
          `SELECT id, kind, file_name AS "fileName", content_type AS "contentType", size, width, height, duration, status,
                  created_at AS "createdAt", CASE WHEN kind = 'image' THEN '/media/' || media_path END AS "mediaUrl"
             FROM uploads WHERE owner_uid = $1 ORDER BY created_at`,
        ),
      } satisfies StudentData;
    });
  }
}

/** The export's file name: the student's data on a day. */
export function exportFileName(now = new Date(), extension: 'json' | 'zip' = 'json'): string {
  return `campus-clips-my-data-${now.toISOString().slice(0, 10)}.${extension}`;
}
