import express, { type Router } from 'express';
import type { CalendarFeedService } from '../modules/events';

/**
 * GET /calendar-feed/<token>.ics: a student's calendar for calendar apps to subscribe to. No
 * sign-in (apps cannot send a token): the secret in the address is the key, so an unknown or
 * reset one is a plain 404 that tells nothing of anyone's. Outside /api, beside the pages.
 */
export function calendarFeedRouter(feeds: Pick<CalendarFeedService, 'calendar'>): Router {
  const router = express.Router();
  router.get('/calendar-feed/:file', async (req, res, next) => {
    try {
      const match = /^(.+)\.ics$/.exec(String(req.params.file));
      const body = match ? await feeds.calendar(match[1]!) : null;
      // Never cached on the way: the address is a secret, and a reset must take effect at once.
      res.setHeader('Cache-Control', 'private, no-store');
      if (body === null) {
        res.status(404).type('text/plain').send('Not found');
        return;
      }
      res.status(200).setHeader('Content-Type', 'text/calendar; charset=utf-8');
      res.send(body);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
