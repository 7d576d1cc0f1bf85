import { useScenarios } from '../../../test/support/scenarios';
import { AddToCalendarOutcome } from './event.types';
import { NOT_AN_EVENT } from './events.service';
import { scenarios } from './events.scenarios';

const { scenario, describeScenario } = useScenarios(scenarios);

describe('EventsService', () => {
  describeScenario('standard', 'reading events', (getScenario, db) => {
    it('upcoming: events not yet over, soonest first; plain posts and past events are not there', async () => {
      const { ben, fair, talk, concert } = getScenario();
      const page = await db().services.events.upcoming(ben, { size: 10, after: null });
      expect(page.items.map((post) => post.id)).toEqual([fair.id, talk.id, concert.id]);
    });

    it('postIcs: an event as an iCalendar file named after it; a plain post is not an event', async () => {
      const { ben, concert, plain } = getScenario();
      const { fileName, body } = await db().services.events.postIcs(ben, concert.id);
      expect(fileName).toMatch(/\.ics$/);
      expect(body).toContain('SUMMARY:Spring concert');
      expect(body).toContain('DTSTART:20300601T190000Z');
      await expect(db().services.events.postIcs(ben, plain.id)).rejects.toMatchObject({ code: 'NOT_FOUND', message: NOT_AN_EVENT });
    });
  });

  scenario("addToCalendar: the calendar's one entry a day, and how many calendars hold the event", async ({ ben, fair, talk }, db) => {
    const events = db.services.events;
    const added = await events.addToCalendar(ben, fair.id, false);
    expect({ outcome: added.outcome, name: added.entry?.name, count: added.post.eventAddedCount }).toEqual({
      outcome: AddToCalendarOutcome.ADDED,
      name: 'Club fair',
      count: 1,
    });
    expect((await events.addToCalendar(ben, fair.id, false)).outcome).toBe(AddToCalendarOutcome.ALREADY_ADDED);
    // The talk is on the same day: the day is taken unless Ben replaces the fair with it.
    const before = await db.snapshot();
    expect((await events.addToCalendar(ben, talk.id, false)).outcome).toBe(AddToCalendarOutcome.DAY_TAKEN);
    expect(await db.snapshot()).toEqual(before);
    const replaced = await events.addToCalendar(ben, talk.id, true);
    expect({ outcome: replaced.outcome, name: replaced.entry?.name, count: replaced.post.eventAddedCount }).toEqual({
      outcome: AddToCalendarOutcome.REPLACED,
      name: 'Guest talk',
      count: 1,
    });
    expect((await db.services.posts.get(fair.id)).eventAddedCount).toBe(0);
  });

  scenario('addToCalendar refuses a post that is not an event, and stores nothing', async ({ ben, plain }, db) => {
    const before = await db.snapshot();
    await expect(db.services.events.addToCalendar(ben, plain.id, false)).rejects.toMatchObject({ fields: { postId: NOT_AN_EVENT } });
    expect(await db.snapshot()).toEqual(before);
  });
});
