import { defineScenarios } from '../../../test/support/scenarios';

/** Named data for the follows service's tests. */
export const scenarios = defineScenarios({
  /** Ada and Grace, following no one. */
  standard: async (db) => ({ ada: await db.student('Ada Lovelace'), grace: await db.student('Grace Hopper') }),
  /** Ada follows Grace (and only Grace); Linus follows no one. */
  aFollowsB: async (db) => {
    const ada = await db.student('Ada Lovelace');
    const grace = await db.student('Grace Hopper');
    const linus = await db.student('Linus Torvalds');
    await db.services.follows.follow(ada, grace.uid);
    return { ada, grace, linus };
  },
});
