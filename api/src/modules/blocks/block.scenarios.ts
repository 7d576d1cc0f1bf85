import { defineScenarios } from '../../../test/support/scenarios';

/**
 * Ada and Grace follow each other; each has a post tagged #campus with a comment by the other;
 * Linus follows Ada and comments on her post too. Nobody has blocked or muted anyone yet.
 */
export const scenarios = defineScenarios({
  campus: async (db) => {
    const ada = await db.student('Ada Lovelace', { interests: ['Music'] });
    const grace = await db.student('Grace Hopper', { interests: ['Music'] });
    const linus = await db.student('Linus Torvalds', { interests: ['Music'] });
    await db.services.follows.follow(ada, grace.uid);
    await db.services.follows.follow(grace, ada.uid);
    await db.services.follows.follow(linus, ada.uid);
    const adaPost = await db.post(ada, { caption: 'Quad at sunset', tags: ['campus'], minutesAgo: 20 });
    const gracePost = await db.post(grace, { caption: 'Compiler night', tags: ['campus'], minutesAgo: 10 });
    await db.services.comments.add(grace, adaPost.id, 'Lovely light');
    await db.services.comments.add(linus, adaPost.id, 'Where is this?');
    await db.services.comments.add(ada, gracePost.id, 'Count me in');
    return { ada, grace, linus, adaPost, gracePost };
  },
});
