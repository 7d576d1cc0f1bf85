import { z } from 'zod';
import { NotFoundError } from '../../shared/errors';
import { fields, pathParams } from '../../shared/rest/request-schemas';
import { restRoute } from '../../shared/rest/rest-route';
import type { RestContext } from '../rest-context';
import { formatRestDate, requestedDateForm, restDate } from './calendar-rest-dates';

const route = restRoute<RestContext>();

/**
 * Both readings of the spec's name field (§3): `eventName`, or `event`; `event` is not read when
 * `eventName` is given.
 */
const savedEvent = z.preprocess(
  (body) => {
    const sent = body as Record<string, unknown>;
    return sent.eventName === undefined || sent.eventName === null ? sent : { ...sent, event: undefined };
  },
  z.object({ date: restDate, eventName: fields.text, event: fields.text }),
);

/** The spec's calendar routes (§7): a student's own day events, by day. */
export const calendarRestRoutes = [
  route({
    method: 'post',
    path: '/api/calendar',
    access: 'user',
    rateLimit: 'calendar',
    failure: 'Failed to save event.',
    actsAs: { body: 'firebaseUid' },
    body: savedEvent,
    async handle({ viewer, body, services }) {
      const event = await services.calendar.save(viewer, { userUid: viewer.uid, date: body.date.iso }, body.eventName ?? body.event ?? '');
      return { message: 'Event saved successfully.', event: { date: formatRestDate(event.date, body.date.form), eventName: event.name } };
    },
  }),
  route({
    method: 'get',
    path: '/api/calendar/:uid',
    access: 'user',
    failure: 'Failed to fetch events',
    // Whose calendar first (D1): someone else's is a 403 whatever the query says.
    actsAs: { param: 'uid' },
    params: pathParams('uid'),
    query: z.object({ dates: requestedDateForm }),
    async handle({ viewer, params, query, services }) {
      const events = await services.calendar.list(viewer, params.uid);
      return { events: events.map((event) => ({ date: formatRestDate(event.date, query.dates), eventName: event.name })) };
    },
  }),
  route({
    method: 'delete',
    path: '/api/calendar',
    access: 'user',
    rateLimit: 'calendar',
    failure: 'Failed to delete event.',
    actsAs: { body: 'firebaseUid' },
    body: z.object({ date: restDate }),
    async handle({ viewer, body, services }) {
      if (!(await services.calendar.delete(viewer, { userUid: viewer.uid, date: body.date.iso })))
        throw new NotFoundError('No event saved for that date.');
      return { message: 'Event deleted successfully.' };
    },
  }),
];
