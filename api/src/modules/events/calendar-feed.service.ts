import crypto from 'node:crypto';
import type { DataSource, Repository } from 'typeorm';
import { withConstraintMessages } from '../../infra/db/errors';
import { authorize } from '../../shared/policy';
import type { Viewer } from '../../shared/viewer';
import { visiblePostSql } from '../posts';
import { CalendarFeed } from './calendar-feed.entity';
import type { EventsService, PublicBase } from './events.service';
import { eventsPolicy } from './events.policy';
import { icsCalendar, type IcsDayEvent, type IcsTimedEvent } from './ical';

/** 32 random bytes, base64url: the whole secret of a feed's address. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

interface FeedRow {
  date: string;
  name: string;
  post_id: string | null;
  event_name: string | null;
  event_starts_at: Date | null;
  event_ends_at: Date | null;
  event_time_zone: string | null;
  event_place: string | null;
}

/**
 * A student's calendar as a private iCalendar address that calendar apps subscribe to. The
 * address carries a secret token (no sign-in: apps cannot send one); making a new one replaces
 * the old, which stops answering at once.
 */
export class CalendarFeedService {
  private readonly feeds: Repository<CalendarFeed>;

  constructor(
    private readonly db: DataSource,
    private readonly events: Pick<EventsService, 'timedEvent'>,
    private readonly publicBase: PublicBase,
  ) {
    this.feeds = db.getRepository(CalendarFeed);
  }

  /** The viewer's feed address, or null when they have not made one. */
  async url(viewer: Viewer): Promise<string | null> {
    authorize(eventsPolicy, viewer, 'feed', { userUid: viewer.uid });
    const feed = await this.feeds.findOneBy({ userUid: viewer.uid });
    return feed ? this.urlOf(feed.token) : null;
  }

  /** Makes the viewer's feed address, or replaces it: the old one answers 404 from now on. */
  async reset(viewer: Viewer): Promise<string> {
    authorize(eventsPolicy, viewer, 'feed', { userUid: viewer.uid });
    const token = crypto.randomBytes(32).toString('base64url');
    await withConstraintMessages(() =>
      this.db.query(
        `INSERT INTO calendar_feeds (user_uid, token) VALUES ($1, $2)
         ON CONFLICT (user_uid) DO UPDATE SET token = EXCLUDED.token, created_at = now()`,
        [viewer.uid, token],
      ),
    );
    return this.urlOf(token);
  }

  /**
   * The whole calendar of the feed's owner as iCalendar text, or null for a token that is not
   * (or no longer) anyone's. Days linked to an event post the owner may still see are timed
   * events in the post's zone; every other day is an all-day entry with its name.
   */
  async calendar(token: string): Promise<string | null> {
    if (!TOKEN.test(token)) return null;
    // One statement: the owner's days with the events they link to, judged as the owner would see them.
    const rows: Array<FeedRow & { owner: string }> = await this.db.query(
      `SELECT f.user_uid AS owner, to_char(c.date, 'YYYY-MM-DD') AS date, c.name, p.id AS post_id, p.event_name,
              p.event_starts_at, p.event_ends_at, p.event_time_zone, p.event_place
         FROM calendar_feeds f
         LEFT JOIN calendar_events c ON c.user_uid = f.user_uid
         LEFT JOIN posts p ON p.id = c.post_id AND p.event_starts_at IS NOT NULL AND ${visiblePostSql('p', 'f.user_uid')}
        WHERE f.token = $1
        ORDER BY c.date`,
      [token],
    );
    if (!rows.length) return null;
    const owner = rows[0]!.owner;
    const timed: IcsTimedEvent[] = [];
    const days: IcsDayEvent[] = [];
    for (const row of rows) {
      if (!row.date) continue;
      if (row.post_id && row.event_starts_at && row.event_time_zone) {
        timed.push(
          this.events.timedEvent(row.post_id, {
            name: row.name,
            startsAt: new Date(row.event_starts_at),
            endsAt: row.event_ends_at ? new Date(row.event_ends_at) : null,
            timeZone: row.event_time_zone,
            place: row.event_place,
          }),
        );
      } else {
        days.push({ uid: `day-${row.date}-${ownerKey(owner)}@campus-clips`, date: row.date, name: row.name });
      }
    }
    return icsCalendar({ name: 'Campus Clips', timed, days });
  }

  private urlOf(token: string): string {
    return `${this.publicBase()}/calendar-feed/${token}.ics`;
  }
}

/** A stable stand-in for the owner in UIDs (the uid itself is not put in the file). */
function ownerKey(uid: string): string {
  return crypto.createHash('sha256').update(uid).digest('hex').slice(0, 16);
}
