import type { ScenarioDb } from '../../../test/support/scenarios';
import { defineScenarios } from '../../../test/support/scenarios';
import type { Post } from '../posts';

/** Makes a post an event, as createPost with `event` stores one (the columns events/event-input.ts writes). */
async function asEvent(db: ScenarioDb, post: Post, name: string, date: string, startUtc: string, endUtc: string): Promise<void> {
  await db.dataSource.query(
    `UPDATE posts SET event_name = $2, event_date = $3, event_start_time = $4, event_end_time = $5, event_time_zone = 'UTC',
            event_starts_at = $6, event_ends_at = $7, event_place = 'Main hall' WHERE id = $1`,
    [post.id, name, date, startUtc.slice(11, 16), endUtc.slice(11, 16), startUtc, endUtc],
  );
}

/** Named data for the events service's tests. */
export const scenarios = defineScenarios({
  /**
   * Ada posts two events on one day (a fair and a talk), a later one (a concert), one that is over
   * (a past party) and a plain post. Ben only reads.
   */
  standard: async (db) => {
    const ada = await db.student('Ada Lovelace');
    const ben = await db.student('Ben Reader');
    const fair = await db.post(ada, { caption: 'Club fair' });
    const talk = await db.post(ada, { caption: 'Guest talk' });
    const concert = await db.post(ada, { caption: 'Spring concert' });
    const party = await db.post(ada, { caption: 'Last year' });
    const plain = await db.post(ada, { caption: 'Just a clip' });
    await asEvent(db, fair, 'Club fair', '2030-05-04', '2030-05-04T10:00:00Z', '2030-05-04T12:00:00Z');
    await asEvent(db, talk, 'Guest talk', '2030-05-04', '2030-05-04T15:00:00Z', '2030-05-04T16:00:00Z');
    await asEvent(db, concert, 'Spring concert', '2030-06-01', '2030-06-01T19:00:00Z', '2030-06-01T21:00:00Z');
    await asEvent(db, party, 'Past party', '2020-01-01', '2020-01-01T19:00:00Z', '2020-01-01T21:00:00Z');
    return { ada, ben, fair, talk, concert, party, plain };
  },
});
