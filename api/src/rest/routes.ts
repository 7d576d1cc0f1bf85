import type { Viewer } from '../auth/viewer';
import type { Post } from '../modules/posts/post.entity';
import type { Services } from '../modules/services';
import type { Page } from '../shared/cursor';
import { encodeCursor } from '../shared/cursor';
import { NotFoundError, ValidationError } from '../shared/errors';
import { cursorPage, numberedPage, type PageRequest } from '../shared/page-request';
import { assertSelf, requireViewer } from '../shared/policies';
import { LIMITS } from '../shared/validation';
import { formatRestDate, parseRestDate } from './calendar-dates';
import { commentDocument, postDocuments, userDocument } from './documents';

/**
 * The spec's /api routes (§7) as one table onto the same services the GraphQL resolvers call.
 * Each route names its default failure message; a uid in the path or body must be the caller's (D1).
 */
export interface RestCall {
  viewer: Viewer | null;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  services: Services;
}

export interface RestRoute {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  /** 'user': a verified token is required. 'public': anyone may read. */
  access: 'user' | 'public';
  failure: string;
  status?: number;
  handle(call: RestCall): Promise<Record<string, unknown>>;
}

export const REST_ROUTES: RestRoute[] = [
  {
    method: 'post',
    path: '/api/users/sync',
    access: 'user',
    failure: 'Failed to sync with database',
    async handle({ viewer, body, services }) {
      assertSelf(requireViewer(viewer), optionalText(body, 'firebaseUid'));
      const user = await services.users.sync(viewer, {
        displayName: optionalText(body, 'displayName'),
        photoURL: optionalText(body, 'photoURL'),
        dateOfBirth: optionalText(body, 'dateOfBirth'),
      });
      return { message: 'User synced successfully', user: await userDocument(services, user, viewer) };
    },
  },
  {
    method: 'get',
    path: '/api/users/:uid',
    access: 'public',
    failure: 'Failed to fetch user data',
    async handle({ viewer, params, services }) {
      const user = await services.users.get(params.uid!);
      return { message: 'User fetched successfully', user: await userDocument(services, user, viewer) };
    },
  },
  {
    method: 'put',
    path: '/api/users/:uid',
    access: 'user',
    failure: 'Failed to update user profile',
    async handle({ viewer, params, body, services }) {
      assertSelf(requireViewer(viewer), params.uid);
      const user = await services.users.updateProfile(viewer, {
        displayName: optionalText(body, 'displayName'),
        photoURL: optionalText(body, 'photoURL'),
        bio: optionalText(body, 'bio'),
        dateOfBirth: optionalText(body, 'dateOfBirth'),
        interests: optionalTextList(body, 'interests'),
      });
      return { message: 'Profile updated successfully!', user: await userDocument(services, user, viewer) };
    },
  },
  {
    method: 'post',
    path: '/api/posts',
    access: 'user',
    failure: 'Failed to create post',
    status: 201,
    async handle({ viewer, body, services }) {
      assertSelf(requireViewer(viewer), optionalText(body, 'firebaseUid'));
      const post = await services.posts.create(viewer, {
        videoUrl: optionalText(body, 'videoUrl'),
        caption: optionalText(body, 'caption'),
        tags: optionalTextOrList(body, 'tags'),
      });
      const [document] = await postDocuments(services, [post]);
      return { message: 'Post created successfully', post: document };
    },
  },
  {
    method: 'delete',
    path: '/api/posts/:postId',
    access: 'user',
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
    async handle({ viewer, params, query, services }) {
      assertSelf(requireViewer(viewer), params.uid);
      return feedResponse(services, query, (page) => services.feeds.home(viewer, page));
    },
  },
  {
    method: 'get',
    path: '/api/posts/explore/:uid',
    access: 'user',
    failure: 'Failed to fetch explore posts',
    async handle({ viewer, params, query, services }) {
      assertSelf(requireViewer(viewer), params.uid);
      return feedResponse(services, query, (page) => services.feeds.explore(viewer, page));
    },
  },
  {
    method: 'get',
    path: '/api/posts/user/:uid',
    access: 'public',
    failure: 'Failed to fetch user posts',
    async handle({ params, query, services }) {
      const limit = query.limit === undefined ? LIMITS.pageSize.max : query.limit;
      return feedResponse(services, { ...query, limit }, (page) => services.posts.byAuthor(params.uid!, page));
    },
  },
  likeRoute('like', 'Failed to like post', 'Post liked'),
  likeRoute('unlike', 'Failed to unlike post', 'Post unliked'),
  {
    method: 'post',
    path: '/api/posts/:postId/comment',
    access: 'user',
    failure: 'Failed to add comment',
    status: 201,
    async handle({ viewer, params, body, services }) {
      assertSelf(requireViewer(viewer), optionalText(body, 'firebaseUid'));
      const comment = await services.comments.add(viewer, params.postId!, optionalText(body, 'text') ?? '');
      const author = await services.users.byIds([comment.authorUid]);
      return { message: 'Comment added successfully', comment: commentDocument(comment, author[0]) };
    },
  },
  {
    method: 'post',
    path: '/api/calendar',
    access: 'user',
    failure: 'Failed to save event.',
    async handle({ viewer, body, services }) {
      assertSelf(requireViewer(viewer), optionalText(body, 'firebaseUid'));
      const { iso, form } = parseRestDate(body.date);
      // Both readings of the spec: eventName, or event.
      const name = optionalText(body, 'eventName') ?? optionalText(body, 'event') ?? '';
      const event = await services.calendar.save(viewer, iso, name);
      return { message: 'Event saved successfully.', event: { date: formatRestDate(event.date, form), eventName: event.name } };
    },
  },
  {
    method: 'get',
    path: '/api/calendar/:uid',
    access: 'user',
    failure: 'Failed to fetch events',
    async handle({ viewer, params, query, services }) {
      assertSelf(requireViewer(viewer), params.uid);
      const form = query.dateFormat === 'datestring' ? 'datestring' : 'iso';
      const events = await services.calendar.list(viewer);
      return { events: events.map((event) => ({ date: formatRestDate(event.date, form), eventName: event.name })) };
    },
  },
  {
    method: 'delete',
    path: '/api/calendar',
    access: 'user',
    failure: 'Failed to delete event.',
    async handle({ viewer, body, services }) {
      assertSelf(requireViewer(viewer), optionalText(body, 'firebaseUid'));
      const { iso } = parseRestDate(body.date);
      if (!(await services.calendar.delete(viewer, iso))) throw new NotFoundError('No event saved for that date.');
      return { message: 'Event deleted successfully.' };
    },
  },
  followRoute('unfollow', '/api/follow/unfollow/:targetId', 'Failed to unfollow user', 'Successfully unfollowed user'),
  followRoute('follow', '/api/follow/:targetId', 'Failed to follow user', 'Successfully followed user'),
];

/** POST /api/posts/:postId/like and /unlike: one call in two directions; answers the post document. */
function likeRoute(direction: 'like' | 'unlike', failure: string, message: string): RestRoute {
  return {
    method: 'post',
    path: `/api/posts/:postId/${direction}`,
    access: 'user',
    failure,
    async handle({ viewer, params, body, services }) {
      assertSelf(requireViewer(viewer), optionalText(body, 'firebaseUid'));
      const post = await services.likes[direction](viewer, params.postId!);
      const [document] = await postDocuments(services, [post]);
      return { message, post: document };
    },
  };
}

/** PUT /api/follow/:targetId and /api/follow/unfollow/:targetId; answers the target's follower count. */
function followRoute(direction: 'follow' | 'unfollow', path: string, failure: string, message: string): RestRoute {
  return {
    method: 'put',
    path,
    access: 'user',
    failure,
    async handle({ viewer, params, body, services }) {
      assertSelf(requireViewer(viewer), optionalText(body, 'currentUserId'));
      const user = await services.follows[direction](viewer, params.targetId!);
      return { message, followerCount: user.followerCount };
    },
  };
}

/** A feed page: `?page=&limit=` as the spec has it (defaults 1 and 10), or `?cursor=` to page by keyset. */
async function feedResponse(
  services: Services,
  query: Record<string, unknown>,
  load: (page: PageRequest) => Promise<Page<Post>>,
) {
  const limit = positiveInteger(query.limit, 'limit', LIMITS.pageSize.default);
  const request =
    typeof query.cursor === 'string' && query.cursor
      ? cursorPage(limit, query.cursor)
      : numberedPage(positiveInteger(query.page, 'page', 1), limit);
  const page = await load(request);
  const last = page.items[page.items.length - 1];
  return {
    posts: await postDocuments(services, page.items),
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

function optionalTextOrList(body: Record<string, unknown>, field: string): string | string[] | undefined {
  const value = body[field];
  return typeof value === 'string' ? value : optionalTextList(body, field);
}
