import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { mediaPathFromUrl } from './media-names';

/** The query parameter that carries a grant: `/media/videos/<name>-720p.mp4?access=<expiry>.<signature>`. */
export const MEDIA_ACCESS_PARAMETER = 'access';

/**
 * Grants run to the end of the next whole hour, so the same file gets the same URL for an hour
 * (the browser's cache and Apollo's keep it) and a grant lives one to two hours.
 */
const GRANT_STEP_SECONDS = 60 * 60;

/**
 * Short-lived grants to fetch one media file that /media serves to nobody else (a post hidden for
 * review, or by a suspended author). A <video> or <img> request carries no token, so the grant is
 * in its URL: an HMAC of the path and an expiry, with a key all instances share (kept in the
 * database, app_keys). Given only to those who may see the file: a post's author, moderators.
 */
export class MediaAccess {
  constructor(private readonly key: Buffer) {
    if (key.length < 32) throw new Error('MediaAccess: the key must be at least 32 bytes');
  }

  /** The media URL with a grant appended; any other URL as it was. */
  grant(url: string, nowMs = Date.now()): string {
    const mediaPath = mediaPathFromUrl(url);
    if (!mediaPath) return url;
    const expires = (Math.floor(nowMs / 1000 / GRANT_STEP_SECONDS) + 2) * GRANT_STEP_SECONDS;
    const [withoutQuery] = url.split('?');
    return `${withoutQuery}?${MEDIA_ACCESS_PARAMETER}=${expires}.${this.signature(mediaPath, expires)}`;
  }

  /** True when `grant` (the parameter's value) is this file's and has not expired. */
  allows(mediaPath: string, grant: unknown, nowMs = Date.now()): boolean {
    if (typeof grant !== 'string') return false;
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(grant);
    if (!match) return false;
    const expires = Number(match[1]);
    if (expires * 1000 <= nowMs) return false;
    const expected = Buffer.from(this.signature(mediaPath, expires));
    const given = Buffer.from(match[2]!);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Seconds until this grant expires (for a private cache lifetime); 0 for none. */
  secondsLeft(grant: unknown, nowMs = Date.now()): number {
    const expires = typeof grant === 'string' ? Number(grant.split('.')[0]) : Number.NaN;
    return Number.isFinite(expires) ? Math.max(0, Math.floor(expires - nowMs / 1000)) : 0;
  }

  private signature(mediaPath: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${mediaPath}\n${expires}`).digest('base64url');
  }
}

/** The row of app_keys that holds the grants' key (migration 1764730000000 made it). */
const KEY_NAME = 'media-access';

/** The MediaAccess of this database: every instance on it reads the same key, so any of them honours a grant. */
export async function loadMediaAccess(db: Pick<DataSource, 'query'>): Promise<MediaAccess> {
  const [row]: Array<{ secret: string }> = await db.query('SELECT secret FROM app_keys WHERE name = $1', [KEY_NAME]);
  if (!row) throw new Error(`app_keys has no '${KEY_NAME}' key: have the migrations run?`);
  return new MediaAccess(Buffer.from(row.secret, 'hex'));
}
