import { useScenarios } from '../../../test/support/scenarios';
import { MODERATION_MESSAGES } from './moderation.service';
import { ModerationDecision, ReportReason, ReportTarget } from './moderation.types';
import { scenarios } from './moderation.scenarios';

const { scenario } = useScenarios(scenarios);

const openReports = (db: Parameters<Parameters<typeof scenario>[1]>[1], targetId: string) =>
  db.dataSource.query(`SELECT reporter_uid, status FROM reports WHERE target_id = $1 ORDER BY reporter_uid`, [targetId]);

describe('ModerationService', () => {
  scenario(
    'report: one open report per reporter and target; a second is thanked the same and stores nothing',
    async ({ linus, post }, db) => {
      const before = await db.snapshot();
      const again = await db.services.moderation.report(linus, {
        targetType: ReportTarget.POST,
        targetId: post.id,
        reason: ReportReason.HATE,
      });
      expect(again.message).toBe(MODERATION_MESSAGES.thanks);
      expect(await db.snapshot()).toEqual(before);
    },
  );

  scenario('report: nobody reports themselves, and the refusal stores nothing', async ({ ada, post }, db) => {
    const before = await db.snapshot();
    await expect(
      db.services.moderation.report(ada, { targetType: ReportTarget.POST, targetId: post.id, reason: ReportReason.SPAM }),
    ).rejects.toMatchObject({ fields: { targetId: 'You cannot report yourself.' } });
    expect(await db.snapshot()).toEqual(before);
  });

  scenario('report: an unverified e-mail is refused before anything is read, and stores nothing (D16)', async ({ ada, post }, db) => {
    const newcomer = await db.student('Nia Newcomer', { unverified: true });
    const before = await db.snapshot();
    for (const target of [
      { targetType: ReportTarget.POST, targetId: post.id },
      { targetType: ReportTarget.USER, targetId: ada.uid },
      { targetType: ReportTarget.POST, targetId: 'not-a-post' },
    ]) {
      await expect(db.services.moderation.report(newcomer, { ...target, reason: ReportReason.SPAM })).rejects.toMatchObject({
        code: 'FORBIDDEN_UNVERIFIED',
        message: 'Please verify your e-mail address first.',
      });
    }
    expect(await db.snapshot()).toEqual(before);
  });

  scenario('report: counts toward hiding only from an account in good standing whose stored e-mail is verified', async ({ post }, db) => {
    // Two established reporters (a week old, a post of their own); one's stored verification is
    // gone (an address changed since, say), though this token still passes the gate.
    const [kept, lapsed] = [await db.student('Kim Kept'), await db.student('Lee Lapsed')];
    for (const reporter of [kept, lapsed]) {
      await db.post(reporter);
      await db.dataSource.query(`UPDATE users SET created_at = now() - interval '7 days' WHERE firebase_uid = $1`, [reporter.uid]);
    }
    await db.dataSource.query(`UPDATE users SET verified = false WHERE firebase_uid = $1`, [lapsed.uid]);
    for (const reporter of [kept, lapsed]) {
      await db.services.moderation.report(reporter, { targetType: ReportTarget.POST, targetId: post.id, reason: ReportReason.SPAM });
    }
    const counted = await db.dataSource.query(
      `SELECT reporter_uid, counts_toward_hiding FROM reports WHERE target_id = $1 AND reporter_uid = ANY($2) ORDER BY reporter_uid`,
      [post.id, [kept.uid, lapsed.uid]],
    );
    expect(
      Object.fromEntries(
        counted.map((row: { reporter_uid: string; counts_toward_hiding: boolean }) => [row.reporter_uid, row.counts_toward_hiding]),
      ),
    ).toEqual({
      [kept.uid]: true,
      [lapsed.uid]: false,
    });
  });

  scenario('moderate: a student is refused, and nothing changes', async ({ alan, post }, db) => {
    const before = await db.snapshot();
    await expect(
      db.services.moderation.moderate(alan, {
        targetType: ReportTarget.POST,
        targetId: post.id,
        decision: ModerationDecision.REMOVE,
        note: 'Spam',
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Only moderators can do that.' });
    expect(await db.snapshot()).toEqual(before);
  });

  scenario(
    'remove a post: gone with its comments, the report resolved, the author told, the decision in the audit log',
    async ({ ada, linus, mo, post, comment }, db) => {
      await db.services.moderation.moderate(mo, {
        targetType: ReportTarget.POST,
        targetId: post.id,
        decision: ModerationDecision.REMOVE,
        note: 'Spam links',
      });
      expect(await db.dataSource.query('SELECT id FROM posts WHERE id = $1', [post.id])).toEqual([]);
      expect(await db.dataSource.query('SELECT id FROM comments WHERE id = $1', [comment.id])).toEqual([]);
      expect(await openReports(db, post.id)).toEqual([{ reporter_uid: linus.uid, status: 'actioned' }]);
      expect((await db.services.moderation.notices(ada)).map((notice) => notice.message)).toEqual([
        'A moderator removed your post: Spam links',
      ]);
      const [entry] = await db.services.moderation.auditLog({ ...mo, role: 'admin' }, 10);
      expect(entry).toMatchObject({
        moderatorUid: mo.uid,
        action: 'remove',
        targetId: post.id,
        targetAuthorUid: ada.uid,
        note: 'Spam links',
      });
    },
  );

  scenario('remove a comment: gone from the thread, the post and its other data stay', async ({ grace, mo, post, comment }, db) => {
    await db.services.moderation.moderate(mo, {
      targetType: ReportTarget.COMMENT,
      targetId: comment.id,
      decision: ModerationDecision.REMOVE,
      note: 'Spam',
    });
    expect((await db.services.comments.forPost(post.id, { size: 10, after: null })).items).toEqual([]);
    expect((await db.services.posts.get(post.id)).commentCount).toBe(0);
    expect((await db.services.moderation.notices(grace)).map((notice) => notice.message)).toEqual([
      'A moderator removed your comment: Spam',
    ]);
  });

  scenario(
    'suspend: the author is suspended until the day said, and told so; lifting it tells them again',
    async ({ ada, mo, post }, db) => {
      await db.services.moderation.moderate(mo, {
        targetType: ReportTarget.POST,
        targetId: post.id,
        decision: ModerationDecision.SUSPEND,
        note: 'Repeated spam',
        days: 2,
      });
      const [row] = await db.dataSource.query('SELECT suspended_until FROM users WHERE firebase_uid = $1', [ada.uid]);
      expect(row.suspended_until.getTime()).toBeGreaterThan(Date.now() + 86_400_000);
      await db.services.moderation.moderate(mo, {
        targetType: ReportTarget.USER,
        targetId: ada.uid,
        decision: ModerationDecision.UNSUSPEND,
        note: 'Appeal accepted',
      });
      const [lifted] = await db.dataSource.query('SELECT suspended_until FROM users WHERE firebase_uid = $1', [ada.uid]);
      expect(lifted.suspended_until).toBeNull();
      expect((await db.services.moderation.notices(ada)).map((notice) => notice.message)).toEqual([
        'Your suspension has been lifted: Appeal accepted',
        expect.stringMatching(/^Your account has been suspended until \d{4}-\d{2}-\d{2}: Repeated spam$/),
      ]);
    },
  );

  scenario(
    'a refused decision (a moderator acting on another moderator) changes nothing, not even the report',
    async ({ mo, alan }, db) => {
      await db.dataSource.query(`UPDATE users SET role = 'moderator' WHERE firebase_uid = $1`, [alan.uid]);
      const before = await db.snapshot();
      await expect(
        db.services.moderation.moderate(mo, {
          targetType: ReportTarget.USER,
          targetId: alan.uid,
          decision: ModerationDecision.SUSPEND,
          note: 'Testing',
          days: 1,
        }),
      ).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Only admins can act on a moderator or an admin.' });
      expect(await db.snapshot()).toEqual(before);
    },
  );
});
