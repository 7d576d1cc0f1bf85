import { defineScenarios } from '../../../test/support/scenarios';

/**
 * Ada has a ready clip and one still processing; Grace has a clip of her own. Linus looks on.
 * Nobody has liked, commented on, followed, blocked or muted anyone yet.
 */
export const scenarios = defineScenarios({
  standard: async (db) => {
    const ada = await db.student('Ada Lovelace');
    const grace = await db.student('Grace Hopper');
    const linus = await db.student('Linus Torvalds');
    const adaPost = await db.post(ada, { caption: 'Quad at sunset', minutesAgo: 30 });
    const adaProcessing = await db.post(ada, { caption: 'Still rendering', processing: true });
    const gracePost = await db.post(grace, { caption: 'Compiler night', minutesAgo: 20 });
    return { ada, grace, linus, adaPost, adaProcessing, gracePost };
  },
});
