import { defineScenarios } from '../../../test/support/scenarios';

/** Named data for the likes service's tests. */
export const scenarios = defineScenarios({
  /** Grace's two posts; no one has liked either. Ada and Linus look on. */
  standard: async (db) => {
    const ada = await db.student('Ada Lovelace');
    const grace = await db.student('Grace Hopper');
    const linus = await db.student('Linus Torvalds');
    const post = await db.post(grace, { caption: 'Robotics demo' });
    const other = await db.post(grace, { caption: 'Lab tour' });
    return { ada, grace, linus, post, other };
  },
  /** Ada and Linus both like Grace's post. */
  liked: async (db) => {
    const ada = await db.student('Ada Lovelace');
    const grace = await db.student('Grace Hopper');
    const linus = await db.student('Linus Torvalds');
    const post = await db.post(grace, { caption: 'Robotics demo' });
    await db.services.likes.like(ada, post.id);
    await db.services.likes.like(linus, post.id);
    return { ada, grace, linus, post };
  },
});
