import { defineScenarios } from '../../../test/support/scenarios';

/** Named data for the video-processing service's tests. */
export const scenarios = defineScenarios({
  /** Ada and Grace, with no posts or uploads. */
  standard: async (db) => ({
    ada: await db.student('Ada Lovelace'),
    grace: await db.student('Grace Hopper'),
  }),
});
