import { defineScenarios } from '../../../test/support/scenarios';

/** The week of Monday 2026-03-02. */
export const BUSY_WEEK = ['2026-03-06', '2026-03-02', '2026-03-04', '2026-03-03', '2026-03-05'] as const;

/** Named data for the calendar service's tests. */
export const scenarios = defineScenarios({
  /** Ada has an event every weekday of one week (saved out of order); Grace has one on the Wednesday. */
  busyWeek: async (db) => {
    const ada = await db.student('Ada Lovelace');
    const grace = await db.student('Grace Hopper');
    for (const date of BUSY_WEEK) await db.services.calendar.save(ada, { userUid: ada.uid, date }, `Lecture ${date}`);
    await db.services.calendar.save(grace, { userUid: grace.uid, date: '2026-03-04' }, 'Hackathon');
    return { ada, grace };
  },
  /** Ada, with nothing on her calendar. */
  emptyCalendar: async (db) => ({ ada: await db.student('Ada Lovelace') }),
});
