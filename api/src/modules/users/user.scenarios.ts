import { defineScenarios } from '../../../test/support/scenarios';

/** Named data for the users service's tests. */
export const scenarios = defineScenarios({
  /**
   * Four students who joined in turn (Alan first, Ada last) with interests that overlap Ada's by
   * two (Grace), one (Linus) or none (Alan); Ada follows Linus; Alan and Linus follow Grace.
   */
  standard: async (db) => {
    const alan = await db.student('Alan Turing', { interests: ['Gaming'], joinedMinutesAgo: 40 });
    const linus = await db.student('Linus 100% Real', { interests: ['Hiking', 'Gym'], joinedMinutesAgo: 30 });
    const grace = await db.student('Grace Hopper', { interests: ['Music', 'Art', 'Gym'], joinedMinutesAgo: 20 });
    const ada = await db.student('Ada Lovelace', { interests: ['Music', 'Art', 'Hiking'], bio: 'Poetical science', joinedMinutesAgo: 10 });
    await db.services.follows.follow(ada, linus.uid);
    await db.services.follows.follow(alan, grace.uid);
    await db.services.follows.follow(linus, grace.uid);
    return { ada, grace, linus, alan };
  },
  /** Ada, followed by three students at ten-minute intervals (Alan first, Linus last). */
  followedAda: async (db) => {
    const ada = await db.student('Ada Lovelace');
    const fans = [await db.student('Alan Turing'), await db.student('Grace Hopper'), await db.student('Linus Torvalds')];
    for (const [i, fan] of fans.entries()) {
      await db.services.follows.follow(fan, ada.uid);
      await db.dataSource.query(
        `UPDATE follows SET created_at = now() - make_interval(mins => $3) WHERE follower_uid = $1 AND followee_uid = $2`,
        [fan.uid, ada.uid, 30 - i * 10],
      );
    }
    const [alan, grace, linus] = fans;
    return { ada, alan: alan!, grace: grace!, linus: linus! };
  },
  /** No one has a profile yet. */
  emptyCampus: async () => ({}),
});
