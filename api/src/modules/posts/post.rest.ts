import { z } from 'zod';
import { fields, numberedPageQuery, pathParams } from '../../shared/rest/request-schemas';
import { restRoute } from '../../shared/rest/rest-route';
import { LIMITS } from '../../shared/validation';
import type { RestContext } from '../rest-context';

const route = restRoute<RestContext>();

/** Not in the spec: an event post's `event` object, as GraphQL's PostEventInput (modules/events checks the values). */
const eventFields = fields
  .textObject({
    name: fields.text,
    date: fields.text,
    startTime: fields.text,
    endTime: fields.text,
    place: fields.text,
    timeZone: fields.text,
  })
  .transform((event) => event && { ...event, date: event.date ?? '', startTime: event.startTime ?? '', timeZone: event.timeZone ?? '' });

/** The spec's post routes (§7): creating and deleting a post, and a person's posts. */
export const postRestRoutes = [
  route({
    method: 'post',
    path: '/api/posts',
    access: 'user',
    rateLimit: 'post',
    failure: 'Failed to create post',
    failureHasError: true,
    status: 201,
    actsAs: { body: 'firebaseUid' },
    body: z.object({
      videoUrl: fields.text,
      caption: fields.text,
      // The spec sends one comma-separated string; GraphQL and the service take a list.
      tags: fields.textOrList.transform((tags) => (typeof tags === 'string' ? tags.split(',') : tags)),
      // Not in the spec: the uids of the students the caption mentions (as GraphQL's input).
      mentions: fields.textList,
      // Not in the spec: makes it an event post (modules/events), as GraphQL's input.
      event: eventFields,
    }),
    async handle({ viewer, body, services, documents }) {
      const post = await services.posts.create(viewer, body);
      return { message: 'Post created successfully', post: await documents.post(post) };
    },
  }),
  route({
    method: 'delete',
    path: '/api/posts/:postId',
    access: 'user',
    rateLimit: 'delete',
    failure: 'Failed to delete post',
    params: pathParams('postId'),
    async handle({ viewer, params, services }) {
      await services.posts.delete(viewer, params.postId);
      return { message: 'Post deleted successfully' };
    },
  }),
  route({
    method: 'get',
    path: '/api/posts/user/:uid',
    access: 'public',
    failure: 'Failed to fetch user posts',
    params: pathParams('uid'),
    // A profile's grid: without `limit`, as many as a page may hold.
    query: numberedPageQuery(LIMITS.pageSize.max),
    async handle({ viewer, params, query, services, documents }) {
      return documents.postPage(query, (page) => services.posts.byAuthor(params.uid, page, viewer));
    },
  }),
];
