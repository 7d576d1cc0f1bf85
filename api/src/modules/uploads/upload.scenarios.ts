import { defineScenarios } from '../../../test/support/scenarios';

/** Named data for the uploads' media service's tests. */
export const scenarios = defineScenarios({
  /** Ada's finished video and photo and an unfinished video; Grace's finished video. */
  standard: async (db) => {
    const ada = await db.student('Ada Lovelace');
    const grace = await db.student('Grace Hopper');
    return {
      ada,
      grace,
      video: await db.upload(ada, { kind: 'video', fileName: 'robot demo.mov' }),
      photo: await db.upload(ada, { kind: 'image' }),
      unfinished: await db.upload(ada, { kind: 'video', pending: true }),
      gracesVideo: await db.upload(grace, { kind: 'video' }),
    };
  },
  /**
   * Uploads left behind: Ada's unfinished ones from 25 hours and 1 hour ago, her finished one
   * from two days ago; Grace's unfinished one from 30 hours ago.
   */
  abandoned: async (db) => {
    const ada = await db.student('Ada Lovelace');
    const grace = await db.student('Grace Hopper');
    return {
      ada,
      grace,
      stale: await db.upload(ada, { pending: true, minutesAgo: 25 * 60 }),
      fresh: await db.upload(ada, { pending: true, minutesAgo: 60 }),
      finishedLongAgo: await db.upload(ada, { minutesAgo: 48 * 60 }),
      gracesStale: await db.upload(grace, { pending: true, minutesAgo: 30 * 60 }),
    };
  },
  /** Ada, with no uploads. */
  emptyCampus: async (db) => ({ ada: await db.student('Ada Lovelace') }),
});
