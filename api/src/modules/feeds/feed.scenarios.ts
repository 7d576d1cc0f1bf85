import { defineScenarios, type ScenarioDb, type ScenarioStudent } from '../../../test/support/scenarios';
import { HOME_WALK_FROM_FOLLOWING } from './feed.service';

/**
 * Ada follows Grace, not Linus. Five posts, a minute apart and interleaved: Linus 50, Grace 40,
 * Ada 30, Linus 20, Grace 10 minutes ago.
 */
async function threeStudents(db: ScenarioDb) {
  const ada = await db.student('Ada Lovelace');
  const grace = await db.student('Grace Hopper');
  const linus = await db.student('Linus Torvalds');
  await db.services.follows.follow(ada, grace.uid);
  const posts = {
    linusOld: await db.post(linus, { minutesAgo: 50 }),
    graceOld: await db.post(grace, { minutesAgo: 40 }),
    adaOwn: await db.post(ada, { minutesAgo: 30 }),
    linusNew: await db.post(linus, { minutesAgo: 20 }),
    graceNew: await db.post(grace, { minutesAgo: 10 }),
  };
  return { ada, grace, linus, posts };
}

/** Quiet students (no posts) that `follower` follows, made in two statements. */
async function quietFollowees(db: ScenarioDb, follower: ScenarioStudent, count: number): Promise<void> {
  await db.dataSource.query(
    `INSERT INTO users (firebase_uid, display_name) SELECT 'quiet-' || n, 'Quiet ' || n FROM generate_series(1, $1) n`,
    [count],
  );
  await db.dataSource.query(`INSERT INTO follows (follower_uid, followee_uid) SELECT $1, 'quiet-' || n FROM generate_series(1, $2) n`, [
    follower.uid,
    count,
  ]);
}

/** Named data for the feeds service's tests. */
export const scenarios = defineScenarios({
  standard: threeStudents,
  /** The same campus, but Ada also follows enough quiet students that Home walks the whole campus's posts. */
  adaFollowsThousand: async (db) => {
    const campus = await threeStudents(db);
    await quietFollowees(db, campus.ada, HOME_WALK_FROM_FOLLOWING - 1);
    return campus;
  },
  /** Ada, who follows no one, and no posts anywhere. */
  emptyCampus: async (db) => ({ ada: await db.student('Ada Lovelace') }),
});
