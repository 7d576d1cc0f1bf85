import type { Viewer } from '../shared/viewer';
import type { PostEventFields, PostListPage } from '../modules/posts';
import type { Services } from '../modules/services';
import { userPolicy } from '../modules/users';
import { encodeCursor, cursorPage, type PageRequest } from '../shared/paging';
import { NotFoundError, ValidationError } from '../shared/errors';
import { authorize } from '../shared/policy';
import type { LimitedAction } from '../shared/rate-limit-table';
import { LIMITS } from '../shared/validation';
import { formatRestDate, parseRestDate, requestedDateForm } from './calendar-dates';
import { commentDocument, postDocuments, userDocument } from './documents';
import { numberedPage } from './numbered-pages';
import type { SpecLists } from './spec-lists';

/**
 * The spec's /api routes (§7) as one table onto the same services the GraphQL resolvers call.
 * Each route names its default failure message. A uid in the body names who acts and must be the
 * caller's (D1: users' policy, `actAs`); a uid in the path names whose profile, calendar or feed,
 * and the service's policy (or `actAs`, for a feed) judges it.
 */
export interface RestCall<V extends Viewer | null = Viewer | null> {
  /** A Viewer for a route with access 'user' (the router's one requireViewer), `Viewer | null` for a public one. */
  viewer: V;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  services: Services;
  /** The uid lists only the spec's documents carry (rest/spec-lists.ts). */
  lists: SpecLists;
  /** Counts one more `action` for the caller, for a count only the service can decide on (a sign-up); 429 when over. */
  count(action: LimitedAction): Promise<void>;
}

interface RouteBase {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  /**
   * The abuse limit this route counts against (shared/rate-limit-table.ts), before it runs; GraphQL's
   * field spends the same budget. Every write has one (test/api/rate-limits.test.ts checks).
   */
  rateLimit?: LimitedAction;
  failure: string;
  /** The spec's failure body for this call has an `error` field (§7, §8): it names the failure in the spec's words. */
  failureHasError?: boolean;
  status?: number;
}

/**
 * A file a route answers instead of the JSON body (an event's .ics), sent as an attachment.
 * Failures still answer the usual JSON error body.
 */
export class RestAttachment {
  constructor(
    readonly contentType: string,
    readonly fileName: string,
    readonly body: string,
  ) {}
}

/** A route that acts for someone: a verified token is required, and the handler gets a Viewer. */
export interface UserRoute extends RouteBase {
  access: 'user';
  handle(call: RestCall<Viewer>): Promise<Record<string, unknown> | RestAttachment>;
}

/** A route anyone may read. */
export interface PublicRoute extends RouteBase {
  access: 'public';
  handle(call: RestCall): Promise<Record<string, unknown> | RestAttachment>;
}

export type RestRoute = UserRoute | PublicRoute;

export const REST_ROUTES: RestRoute[] = [
  {
    method: 'post',
    path: '/api/users/sync',
    access: 'user',
    rateLimit: 'sync',
    failure: 'Failed to sync with database',
    failureHasError: true,
    async handle({ viewer, body, services, lists, count }) {
      authorize(userPolicy, viewer, 'actAs', optionalText(body, 'firebaseUid'));
      const user = await services.users.sync(
        viewer,
        {
          displayName: optionalText(body, 'displayName'),
          photoURL: optionalText(body, 'photoURL'),
          dateOfBirth: optionalText(body, 'dateOfBirth'),
        },
        // The sync that creates the profile is a sign-up, limited per address besides 'sync'.
        () => count('signup'),
      );
      return { message: 'User synced successfully', user: await userDocument(lists, user, viewer) };
    },
  },
  {
    method: 'get',
    path: '/api/users/:uid',
    access: 'public',
    failure: 'Failed to fetch user data',
    async handle({ viewer, params, services, lists }) {
      const user = await services.users.getFor(viewer, params.uid!);
      return { message: 'User fetched successfully', user: await userDocument(lists, user, viewer) };
    },
  },
  {
    method: 'put',
    path: '/api/users/:uid',
    access: 'user',
    rateLimit: 'profile',
    failure: 'Failed to update user profile',
    async handle({ viewer, params, body, services, lists }) {
      // The path names who acts (D1): someone else's uid is a 403 before the body is read.
      authorize(userPolicy, viewer, 'actAs', params.uid);
      const user = await services.users.updateProfile(viewer, params.uid!, {
        displayName: optionalText(body, 'displayName'),
        photoURL: optionalText(body, 'photoURL'),
        bio: optionalText(body, 'bio'),
        dateOfBirth: optionalText(body, 'dateOfBirth'),
        interests: optionalTextList(body, 'interests'),
      });
      return { message: 'Profile updated successfully!', user: await userDocument(lists, user, viewer) };
    },
  },
  {
    method: 'post',
    path: '/api/posts',
    access: 'user',
    rateLimit: 'post',
    failure: 'Failed to create post',
    failureHasError: true,
    status: 201,
    async handle({ viewer, body, services, lists }) {
      authorize(userPolicy, viewer, 'actAs', optionalText(body, 'firebaseUid'));
      const post = await services.posts.create(viewer, {
        videoUrl: optionalText(body, 'videoUrl'),
        caption: optionalText(body, 'caption'),
        // The spec sends one comma-separated string; GraphQL and the service take a list.
        tags: commaSeparated(optionalTextOrList(body, 'tags')),
        // Not in the spec: the uids of the students the caption mentions (as GraphQL's input).
        mentions: optionalTextList(body, 'mentions'),
        // Not in the spec: makes it an event post (modules/events), as GraphQL's input.
        event: optionalEvent(body, 'event'),
      });
      const [document] = await postDocuments(services, lists, [post], viewer);
      return { message: 'Post created successfully', post: document };
    },
  },
  {
    method: 'get',
    path: '/api/posts/:postId/event.ics',
    access: 'public',
    failure: 'Failed to fetch the event',
    // Not in the spec: an event post as an iCalendar file, for anyone who may see the post (a plain link works signed out).
    async handle({ viewer, params, services }) {
      const file = await services.events.postIcs(viewer, params.postId!);
      return new RestAttachment('text/calendar; charset=utf-8', file.fileName, file.body);
    },
  },
  {
    method: 'delete',
    path: '/api/posts/:postId',
    access: 'user',
    rateLimit: 'delete',
    failure: 'Failed to delete post',
    async handle({ viewer, params, services }) {
      await services.posts.delete(viewer, params.postId!);
      return { message: 'Post deleted successfully' };
    },
  },
  {
    method: 'get',
    path: '/api/posts/following/:uid',
    access: 'user',
    failure: 'Failed to fetch posts from followed users',
    async handle({ viewer, params, query, services, lists }) {
      authorize(userPolicy, viewer, 'actAs', params.uid);
      return feedResponse(services, lists, viewer, query, (page) => services.feeds.home(viewer, page));
    },
  },
  {
    method: 'get',
    path: '/api/posts/explore/:uid',
    access: 'user',
    failure: 'Failed to fetch explore posts',
    async handle({ viewer, params, query, services, lists }) {
      authorize(userPolicy, viewer, 'actAs', params.uid);
      return feedResponse(services, lists, viewer, query, (page) => services.feeds.explore(viewer, page));
    },
  },
  {
    method: 'get',
    path: '/api/posts/user/:uid',
    access: 'public',
    failure: 'Failed to fetch user posts',
    async handle({ params, query, services, lists, viewer }) {
      const limit = query.limit === undefined ? LIMITS.pageSize.max : query.limit;
      return feedResponse(services, lists, viewer, { ...query, limit }, (page) => services.posts.byAuthor(params.uid!, page, viewer));
    },
  },
  likeRoute('like', 'Failed to like post', 'Post liked'),
  likeRoute('unlike', 'Failed to unlike post', 'Post unliked'),
  {
    method: 'post',
    path: '/api/posts/:postId/comment',
    access: 'user',
    rateLimit: 'comment',
    failure: 'Failed to add comment',
    status: 201,
    async handle({ viewer, params, body, services }) {
      authorize(userPolicy, viewer, 'actAs', optionalText(body, 'firebaseUid'));
      const comment = await services.comments.add(
        viewer,
        params.postId!,
        optionalText(body, 'text') ?? '',
        // Not in the spec: the uids of the students the text mentions.
        optionalTextList(body, 'mentions'),
      );
      const author = await services.users.byIds([comment.authorUid]);
      return { message: 'Comment added successfully', comment: commentDocument(comment, author[0]) };
    },
  },
  {
    method: 'post',
    path: '/api/calendar',
    access: 'user',
    rateLimit: 'calendar',
    failure: 'Failed to save event.',
    async handle({ viewer, body, services }) {
      authorize(userPolicy, viewer, 'actAs', optionalText(body, 'firebaseUid'));
      const { iso, form } = parseRestDate(body.date);
      // Both readings of the spec: eventName, or event.
      const name = optionalText(body, 'eventName') ?? optionalText(body, 'event') ?? '';
      const event = await services.calendar.save(viewer, { userUid: viewer.uid, date: iso }, name);
      return { message: 'Event saved successfully.', event: { date: formatRestDate(event.date, form), eventName: event.name } };
    },
  },
  {
    method: 'get',
    path: '/api/calendar/:uid',
    access: 'user',
    failure: 'Failed to fetch events',
    async handle({ viewer, params, query, services }) {
      // Whose calendar first (D1): someone else's is a 403 whatever the query says.
      authorize(userPolicy, viewer, 'actAs', params.uid);
      const events = await services.calendar.list(viewer, params.uid!);
      const form = requestedDateForm(query.dates);
      return { events: events.map((event) => ({ date: formatRestDate(event.date, form), eventName: event.name })) };
    },
  },
  {
    method: 'delete',
    path: '/api/calendar',
    access: 'user',
    rateLimit: 'calendar',
    failure: 'Failed to delete event.',
    async handle({ viewer, body, services }) {
      authorize(userPolicy, viewer, 'actAs', optionalText(body, 'firebaseUid'));
      const { iso } = parseRestDate(body.date);
      if (!(await services.calendar.delete(viewer, { userUid: viewer.uid, date: iso })))
        throw new NotFoundError('No event saved for that date.');
      return { message: 'Event deleted successfully.' };
    },
  },
  followRoute('unfollow', '/api/follow/unfollow/:targetId', 'Failed to unfollow user', 'Successfully unfollowed user'),
  followRoute('follow', '/api/follow/:targetId', 'Failed to follow user', 'Successfully followed user'),
];

/** POST /api/posts/:postId/like and /unlike: one call in two directions; answers the post document. */
function likeRoute(direction: 'like' | 'unlike', failure: string, message: string): UserRoute {
  return {
    method: 'post',
    path: `/api/posts/:postId/${direction}`,
    access: 'user',
    rateLimit: 'like',
    failure,
    async handle({ viewer, params, body, services, lists }) {
      authorize(userPolicy, viewer, 'actAs', optionalText(body, 'firebaseUid'));
      const post = await services.likes[direction](viewer, params.postId!);
      const [document] = await postDocuments(services, lists, [post], viewer);
      return { message, post: document };
    },
  };
}

/** PUT /api/follow/:targetId and /api/follow/unfollow/:targetId; answers the target's follower count. */
function followRoute(direction: 'follow' | 'unfollow', path: string, failure: string, message: string): UserRoute {
  return {
    method: 'put',
    path,
    access: 'user',
    rateLimit: 'follow',
    failure,
    async handle({ viewer, params, body, services }) {
      authorize(userPolicy, viewer, 'actAs', optionalText(body, 'currentUserId'));
      const user = await services.follows[direction](viewer, params.targetId!);
      return { message, followerCount: user.followerCount };
    },
  };
}

/**
 * A feed page: `?page=&limit=` as the spec has it (defaults 1 and 10), walked over the service's
 * keyset list (rest/numbered-pages.ts), or `?cursor=` to page by keyset directly.
 */
async function feedResponse(
  services: Services,
  lists: SpecLists,
  viewer: Viewer | null,
  query: Record<string, unknown>,
  load: (page: PageRequest) => Promise<PostListPage>,
) {
  const limit = positiveInteger(query.limit, 'limit', LIMITS.pageSize.default);
  const page =
    typeof query.cursor === 'string' && query.cursor
      ? await load(cursorPage(limit, query.cursor))
      : await numberedPage(load, { page: positiveInteger(query.page, 'page', 1), limit });
  const last = page.items[page.items.length - 1];
  return {
    posts: await postDocuments(services, lists, page.items, viewer, page.authors),
    hasMore: page.hasNextPage,
    nextCursor: page.hasNextPage && last ? encodeCursor(last) : null,
  };
}

function positiveInteger(value: unknown, field: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new ValidationError({ [field]: `${field} must be a whole number of at least 1` });
  return number;
}

function optionalText(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new ValidationError({ [field]: `${field} must be text` });
  return value;
}

function optionalTextList(body: Record<string, unknown>, field: string): string[] | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw new ValidationError({ [field]: `${field} must be a list of text` });
  }
  return value as string[];
}

/** An event post's `event` object: text fields only (the events module checks their values). */
function optionalEvent(body: Record<string, unknown>, field: string): PostEventFields | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw new ValidationError({ [field]: `${field} must be an object` });
  const event = value as Record<string, unknown>;
  const text = (key: keyof PostEventFields) => {
    const item = event[key];
    if (item === undefined || item === null) return undefined;
    if (typeof item !== 'string') throw new ValidationError({ [`${field}.${key}`]: `${field}.${key} must be text` });
    return item;
  };
  return {
    name: text('name'),
    date: text('date') ?? '',
    startTime: text('startTime') ?? '',
    endTime: text('endTime'),
    place: text('place'),
    timeZone: text('timeZone') ?? '',
  };
}

function optionalTextOrList(body: Record<string, unknown>, field: string): string | string[] | undefined {
  const value = body[field];
  return typeof value === 'string' ? value : optionalTextList(body, field);
}

/** The spec's tags: one comma-separated string ('campus, Golden Hour'), or a list as GraphQL sends. */
function commaSeparated(tags: string | string[] | undefined): string[] | undefined {
  return typeof tags === 'string' ? tags.split(',') : tags;
}
