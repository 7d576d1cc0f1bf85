import { useScenarios } from '../../../test/support/scenarios';
import { BUSY_WEEK, scenarios } from './calendar.scenarios';

const { scenario } = useScenarios(scenarios);

describe('CalendarService', () => {
  scenario('busyWeek', "list gives the owner's own days in date order, no one else's", async ({ ada, grace }, db) => {
    const days = await db.services.calendar.list(ada, ada.uid);
    expect(days.map((event) => event.date)).toEqual([...BUSY_WEEK].sort());
    expect(days.map((event) => event.name)).toContain('Lecture 2026-03-04');
    expect((await db.services.calendar.list(grace, grace.uid)).map((event) => [event.date, event.name])).toEqual([
      ['2026-03-04', 'Hackathon'],
    ]);
  });

  scenario('busyWeek', 'saving a day that has an event replaces it: one event a day', async ({ ada }, db) => {
    const saved = await db.services.calendar.save(ada, { userUid: ada.uid, date: '2026-03-04' }, '  Career fair ');
    expect(saved).toMatchObject({ userUid: ada.uid, date: '2026-03-04', name: 'Career fair' });
    const days = await db.services.calendar.list(ada, ada.uid);
    expect(days).toHaveLength(5);
    expect(days.find((event) => event.date === '2026-03-04')!.name).toBe('Career fair');
  });

  scenario('busyWeek', "someone else's calendar can be neither read nor changed, and nothing changes", async ({ ada, grace }, db) => {
    const before = await db.snapshot();
    const calendar = db.services.calendar;
    await expect(calendar.list(grace, ada.uid)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'You can only see your own calendar.',
    });
    await expect(calendar.save(grace, { userUid: ada.uid, date: '2026-03-07' }, 'Prank')).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'You can only change your own calendar.',
    });
    await expect(calendar.delete(grace, { userUid: ada.uid, date: '2026-03-02' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'You can only change your own calendar.',
    });
    expect(await db.snapshot()).toEqual(before);
  });

  scenario('emptyCalendar', 'save reports an impossible date and an empty name together, and stores nothing', async ({ ada }, db) => {
    await expect(db.services.calendar.save(ada, { userUid: ada.uid, date: '2026-02-30' }, '   ')).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { date: 'Please enter a valid date (YYYY-MM-DD)', eventName: 'Please enter an event name.' },
    });
    await expect(db.services.calendar.save(ada, { userUid: ada.uid, date: '2026-03-01' }, 'x'.repeat(201))).rejects.toMatchObject({
      fields: { eventName: 'Event name must be at most 200 characters' },
    });
    expect(await db.services.calendar.list(ada, ada.uid)).toEqual([]);
  });

  scenario('busyWeek', "delete answers true for the day's event, then false once it is gone", async ({ ada }, db) => {
    const calendar = db.services.calendar;
    expect(await calendar.delete(ada, { userUid: ada.uid, date: '2026-03-02' })).toBe(true);
    expect(await calendar.delete(ada, { userUid: ada.uid, date: '2026-03-02' })).toBe(false);
    expect((await calendar.list(ada, ada.uid)).map((event) => event.date)).toEqual([
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
    ]);
    await expect(calendar.delete(ada, { userUid: ada.uid, date: 'tomorrow' })).rejects.toMatchObject({
      fields: { date: 'Please enter a valid date (YYYY-MM-DD)' },
    });
  });
});
