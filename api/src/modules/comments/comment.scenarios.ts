import { defineScenarios } from '../../../test/support/scenarios';

/** Named data for the comments service's tests. */
export const scenarios = defineScenarios({
  /**
   * Ada's post with three comments, a minute apart: Grace, Linus, Grace. Alan only looks on.
   * Ada has a second post nobody has commented on.
   */
  standard: async (db) => {
    const ada = await db.student('Ada Lovelace');
    const grace = await db.student('Grace Hopper');
    const linus = await db.student('Linus Torvalds');
    const alan = await db.student('Alan Turing');
    const post = await db.post(ada, { caption: 'Robotics demo' });
    const quiet = await db.post(ada, { caption: 'Nobody saw this' });
    const comments = [];
    for (const [i, [author, text]] of (
      [
        [grace, 'Amazing!'],
        [linus, 'How long did it take?'],
        [grace, 'Again please'],
      ] as const
    ).entries()) {
      const comment = await db.services.comments.add(author, post.id, text);
      await db.dataSource.query(`UPDATE comments SET created_at = now() - make_interval(mins => $2) WHERE id = $1`, [comment.id, 3 - i]);
      comments.push(comment);
    }
    const [fromGrace, fromLinus, graceAgain] = comments;
    return { ada, grace, linus, alan, post, quiet, fromGrace: fromGrace!, fromLinus: fromLinus!, graceAgain: graceAgain! };
  },
});
