import { defineScenarios } from '../../../test/support/scenarios';

/** Named data for the caption tracks' tests. */
export const scenarios = defineScenarios({
  /** Grace's ready 4.5 s clip without captions; Ada looks on. */
  standard: async (db) => {
    const ada = await db.student('Ada Lovelace');
    const grace = await db.student('Grace Hopper');
    const post = await db.post(grace, { caption: 'Robotics demo' });
    return { ada, grace, post };
  },
});
