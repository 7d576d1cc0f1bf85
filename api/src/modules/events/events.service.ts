import { normaliseTag } from '@campus-clips/rules';
import type { DataSource, EntityManager } from 'typeorm';
import { withConstraintMessages } from '../../infra/db/errors';
import { PlanChoice } from '../../infra/db/prepared-statements';
import { notMutedSql } from '../../infra/db/relation-filters';
import { NotFoundError, ValidationError } from '../../shared/errors';
import type { PageRequest } from '../../shared/paging';
import { authorize } from '../../shared/policy';
import type { Viewer } from '../../shared/viewer';
import { CalendarEvent, calendarPolicy } from '../calendar';
import { campusScopedPostsSql, CampusScope, mineOnly } from '../campuses';
import { memberOrganizationsSql } from '../organizations';
import {
  emptyPostListPage,
  Post,
  type PickPostsSql,
  PostListQuery,
  postNotFound,
  type PostListPage,
  type PostService,
  visiblePostSql,
} from '../posts';
import { AddToCalendarOutcome, eventOf, type PostEvent } from './event.types';
import { icsCalendar, safeFileName, type IcsTimedEvent } from './ical';

/** The Events page's filters: a tag, and the event's local day from/to (inclusive, 'YYYY-MM-DD'). */
export interface EventsFilter {
  tag?: string | null;
  from?: string | null;
  to?: string | null;
  /** Only events posted as the organizations the viewer belongs to ('From my organizations'). */
  fromMyOrganizations?: boolean | null;
}

export interface AddToCalendar {
  outcome: AddToCalendarOutcome;
  entry: CalendarEvent | null;
  post: Post;
}

/** Whatever the address students reach is (PUBLIC_URL or the request's origin), without a trailing slash. */
export type PublicBase = () => string;

export const NOT_AN_EVENT = 'This post is not an event.';

/**
 * Event posts: the Events page, adding one to one's calendar, and one event's .ics. An event is
 * columns of its post (posts.event_*), so every rule about who may see a post is the posts' own.
 */
/** One events list as two statements: unfiltered (planned once) and filtered (planned each run). */
interface EventLists {
  plain: PostListQuery;
  filtered: PostListQuery;
}

export class EventsService {
  private readonly upcomingPages: EventLists;
  private readonly campusUpcomingPages: EventLists;
  private readonly organizationUpcomingPages: EventLists;

  constructor(
    private readonly db: DataSource,
    private readonly postService: Pick<PostService, 'getVisible'>,
    private readonly publicBase: PublicBase,
  ) {
    // An event ends on the day it starts (25 hours at most, with a clock change): that bound lets
    // the index skip every older event instead of reading past them all. The tag is matched with
    // exactly the expression of the posts_tag_keys index, as tag pages do. The filters are in the
    // text only when asked for: as `$n IS NULL OR ...`, one generic plan for every filter read the
    // whole campus's events (257 ms against 1.4 ms at campus scale).
    const upcoming = (
      { viewer, want, after, extra }: Parameters<PickPostsSql>[0],
      filtered: boolean,
      campus = 'TRUE',
      from = 'posts q',
    ) => `SELECT q.* FROM ${from}
        WHERE q.event_starts_at IS NOT NULL AND q.event_starts_at > now() - interval '25 hours' AND ${campus}
          AND coalesce(q.event_ends_at, q.event_starts_at) > now()
          AND ${visiblePostSql('q', viewer)} AND ${notMutedSql('q.author_uid', viewer)}
          ${
            filtered
              ? `AND (${extra(0)}::text IS NULL OR post_tag_keys(q.tags) @> ARRAY[lower(${extra(0)}::text)])
          AND (${extra(1)}::date IS NULL OR q.event_date >= ${extra(1)}::date)
          AND (${extra(2)}::date IS NULL OR q.event_date <= ${extra(2)}::date)`
              : ''
          }
          ${after('q')}
        ORDER BY q.event_starts_at ASC, q.id ASC LIMIT ${want}`;
    const soonestFirst = { column: 'event_starts_at', direction: 'ASC' } as const;
    // Each list twice: the page everyone opens, planned once; a filtered one (a tag, a date range),
    // planned each run, since the best plan depends on the tag and the dates.
    const lists = (purpose: string, pick: (params: Parameters<PickPostsSql>[0], filtered: boolean) => string): EventLists => ({
      plain: new PostListQuery(db, purpose, 0, (params) => pick(params, false), soonestFirst),
      filtered: new PostListQuery(db, `${purpose}, filtered`, 3, (params) => pick(params, true), soonestFirst, PlanChoice.EACH_RUN),
    });
    this.upcomingPages = lists('upcoming events', (params, filtered) => upcoming(params, filtered));
    // The viewer's campus's events through posts_campus_event_upcoming, or everyone's for a viewer
    // with no campus; one statement either way (campuses/campus-scope.ts).
    this.campusUpcomingPages = lists('upcoming events, own campus', (params, filtered) =>
      campusScopedPostsSql(params.viewer, 'q', (campus) => upcoming(params, filtered, campus)),
    );
    // 'From my organizations': each of the viewer's organizations' upcoming events through
    // posts_organization_event_upcoming, merged soonest first (a student belongs to a handful);
    // every campus's, since the organizations are the viewer's own choice.
    this.organizationUpcomingPages = lists(
      'upcoming events, my organizations',
      (params, filtered) => `SELECT q.* FROM (${memberOrganizationsSql(params.viewer)}) mine (organization_id)
          CROSS JOIN LATERAL (${upcoming(params, filtered, 'q.organization_id = mine.organization_id')}) q
        ORDER BY q.event_starts_at ASC, q.id ASC LIMIT ${params.want}`,
    );
  }

  /**
   * Upcoming events (not yet ended), soonest first, keyset-paged on (startsAt, id): everyone's on
   * campus through the posts' visibility rule (the viewer's own included), nobody the viewer muted.
   * One prepared statement a page, with the authors and the viewer's likes (posts/post-list-query.ts).
   */
  async upcoming(
    viewer: Viewer | null,
    page: PageRequest,
    filter: EventsFilter = {},
    scope: CampusScope = CampusScope.ALL,
  ): Promise<PostListPage> {
    const tag = filter.tag ? normaliseTag(filter.tag) : '';
    if (filter.tag && !tag) return emptyPostListPage();
    if (filter.fromMyOrganizations && !viewer) return emptyPostListPage();
    // `scope` MINE keeps to the viewer's campus (GraphQL's default; the spec's REST list is ALL).
    const lists = filter.fromMyOrganizations
      ? this.organizationUpcomingPages
      : viewer && mineOnly(scope)
        ? this.campusUpcomingPages
        : this.upcomingPages;
    const from = filter.from ?? null;
    const to = filter.to ?? null;
    if (!tag && !from && !to) return lists.plain.page(viewer, page);
    return lists.filtered.page(viewer, page, [tag || null, from, to]);
  }

  /**
   * Puts an event post the viewer may see in their calendar, on the event's local day, by the
   * calendar's rule (one entry a day): an empty day takes it; a day that holds it already or
   * holds something else (unless `replace`) is left as it is. The entry links back to the post.
   */
  async addToCalendar(viewer: Viewer, postId: string, replace: boolean): Promise<AddToCalendar> {
    const post = await this.postService.getVisible(viewer, postId);
    const event = eventOf(post);
    if (!event) throw new ValidationError({ postId: NOT_AN_EVENT });
    const day = { userUid: viewer.uid, date: event.date };
    authorize(calendarPolicy, viewer, 'write', day);
    const { outcome, entry, addedCount } = await withConstraintMessages(
      () =>
        // One transaction with the day's row locked: two tabs adding at once get one answer each, never two rows.
        this.db.transaction(async (tx) => {
          const inserted: unknown[] = await tx.query(
            `INSERT INTO calendar_events (user_uid, date, name, post_id) VALUES ($1, $2, $3, $4)
             ON CONFLICT (user_uid, date) DO NOTHING RETURNING 1 AS added`,
            [day.userUid, day.date, event.name, post.id],
          );
          const current = await tx
            .getRepository(CalendarEvent)
            .createQueryBuilder('c')
            .setLock('pessimistic_write')
            .where('c.userUid = :userUid AND c.date = :date', day)
            .getOneOrFail();
          const decided = await this.decide(tx, current, inserted.length > 0, post.id, event.name, replace);
          // How many calendars hold the event now, as the trigger left it (the post itself was read before).
          const counted: { count: number }[] = await tx.query('SELECT event_added_count AS count FROM posts WHERE id = $1', [post.id]);
          if (!counted[0]) throw postNotFound();
          return { ...decided, addedCount: counted[0].count };
        }),
      { calendar_events_post_id_fkey: postNotFound },
    );
    post.eventAddedCount = addedCount;
    return { outcome, entry, post };
  }

  /** The calendar's rule for a day that was empty (`added`), holds this event, or holds another. */
  private async decide(
    tx: EntityManager,
    current: CalendarEvent,
    added: boolean,
    postId: string,
    name: string,
    replace: boolean,
  ): Promise<{ outcome: AddToCalendarOutcome; entry: CalendarEvent }> {
    if (added) return { outcome: AddToCalendarOutcome.ADDED, entry: current };
    if (current.postId === postId) return { outcome: AddToCalendarOutcome.ALREADY_ADDED, entry: current };
    if (!replace) return { outcome: AddToCalendarOutcome.DAY_TAKEN, entry: current };
    const day = { userUid: current.userUid, date: current.date };
    await tx.getRepository(CalendarEvent).update(day, { name, postId });
    return { outcome: AddToCalendarOutcome.REPLACED, entry: await tx.getRepository(CalendarEvent).findOneByOrFail(day) };
  }

  /** One event post as an iCalendar file, for anyone who may see the post (signed out too, for a public one). */
  async postIcs(viewer: Viewer | null, postId: string): Promise<{ fileName: string; body: string }> {
    const post = await this.postService.getVisible(viewer, postId);
    const event = eventOf(post);
    if (!event) throw new NotFoundError(NOT_AN_EVENT);
    const body = icsCalendar({ timed: [this.timedEvent(post.id, event, post.caption)], days: [] });
    return { fileName: `${safeFileName(event.name)}.ics`, body };
  }

  /** An event as a timed VEVENT; its UID is the post's, so the download and the feed name the same event. */
  timedEvent(
    postId: string,
    event: Pick<PostEvent, 'name' | 'startsAt' | 'endsAt' | 'timeZone' | 'place'>,
    caption?: string,
  ): IcsTimedEvent {
    return {
      uid: `post-${postId}@campus-clips`,
      name: event.name,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      timeZone: event.timeZone,
      place: event.place,
      url: `${this.publicBase()}/post/${encodeURIComponent(postId)}`,
      description: caption?.trim() || undefined,
    };
  }
}
