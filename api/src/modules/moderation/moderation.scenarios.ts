import { defineScenarios } from '../../../test/support/scenarios';
import { ReportReason, ReportTarget } from './moderation.types';

/** Named data for the moderation service's tests. */
export const scenarios = defineScenarios({
  /**
   * Ada's post, with Grace's comment on it; Linus reported the post. Mo moderates (a moderator's
   * viewer carries the role, as account-standing.ts gives it to a request). Alan only looks on.
   */
  standard: async (db) => {
    const ada = await db.student('Ada Lovelace');
    const grace = await db.student('Grace Hopper');
    const linus = await db.student('Linus Torvalds');
    const alan = await db.student('Alan Turing');
    const moStudent = await db.student('Mo Moderator');
    await db.dataSource.query(`UPDATE users SET role = 'moderator' WHERE firebase_uid = $1`, [moStudent.uid]);
    const mo = { ...moStudent, role: 'moderator' as const };
    const post = await db.post(ada, { caption: 'Robotics demo' });
    const comment = await db.services.comments.add(grace, post.id, 'Buy followers at example.com');
    await db.services.moderation.report(linus, {
      targetType: ReportTarget.POST,
      targetId: post.id,
      reason: ReportReason.SPAM,
      details: '',
    });
    return { ada, grace, linus, alan, mo, post, comment };
  },
});
