import { useScenarios } from '../../../test/support/scenarios';
import { NotificationService } from './notification.service';
import { scenarios } from './notification.scenarios';

const { scenario } = useScenarios(scenarios);
const first = { size: 20, after: null };

describe('NotificationService', () => {
  scenario('standard', 'notifyMentions tells each student named once, never the actor, nobody blocked or muting', async (s, db) => {
    const { ada, grace, linus, adaPost, gracePost } = s;
    const { notifications, blocks, comments } = db.services;
    await blocks.mute(linus, grace.uid);
    await notifications.notifyMentions(grace, [ada.uid, ada.uid, grace.uid, linus.uid], gracePost.id, null);
    await notifications.notifyMentions(grace, [ada.uid], gracePost.id, null);

    const adaPage = await notifications.list(ada, first);
    expect(adaPage.items.map((n) => [n.kind, n.postId, n.commentId, n.actorUids, n.actorCount])).toEqual([
      ['mention', gracePost.id, null, [grace.uid], 1],
    ]);
    expect((await notifications.list(grace, first)).items).toEqual([]);
    expect((await notifications.list(linus, first)).items).toEqual([]);

    // In a comment: once per comment; the post's author, already told of the comment, is not told twice.
    const comment = await comments.add(grace, adaPost.id, 'Look, @Ada and @Linus');
    await blocks.unmute(linus, grace.uid);
    await notifications.notifyMentions(grace, [ada.uid, linus.uid], adaPost.id, comment.id);
    expect((await notifications.list(ada, first)).items.map((n) => n.kind)).toEqual(['comment', 'mention']);
    expect((await notifications.list(linus, first)).items.map((n) => [n.kind, n.commentId, n.text])).toEqual([
      ['mention', comment.id, 'Look, @Ada and @Linus'],
    ]);
    // A comment that is not on that post, or not there at all, names nobody.
    await notifications.notifyMentions(ada, [linus.uid], gracePost.id, comment.id);
    await notifications.notifyMentions(ada, [linus.uid], gracePost.id, '00000000-0000-4000-8000-000000000000');
    expect(await notifications.unreadCount(linus)).toBe(1);
  });

  scenario('standard', 'a mention in a clip still processing appears once the clip is ready, in its place', async (s, db) => {
    const { ada, grace, adaProcessing } = s;
    await db.services.notifications.notifyMentions(ada, [grace.uid], adaProcessing.id, null);
    expect((await db.services.notifications.list(grace, first)).items).toEqual([]);
    expect(await db.services.notifications.unreadCount(grace)).toBe(0);
    await db.dataSource.query(`UPDATE posts SET status = 'ready' WHERE id = $1`, [adaProcessing.id]);
    expect((await db.services.notifications.list(grace, first)).items.map((n) => n.postId)).toEqual([adaProcessing.id]);
    expect(await db.services.notifications.unreadCount(grace)).toBe(1);
  });

  scenario(
    'standard',
    'a notification that cannot be written fails the act with it: nothing is stored, the error is thrown',
    async (s, db) => {
      const { ada, grace, adaPost } = s;
      const before = await db.snapshot();
      await expect(
        db.services.notifications.withNotifications(async (tx, notify) => {
          await tx.query('INSERT INTO likes (post_id, user_uid) VALUES ($1, $2)', [adaPost.id, grace.uid]);
          await notify.liked(grace.uid, adaPost.id);
          await notify.moderation(ada.uid, 'Written, then rolled back');
          throw new Error('the notification failed');
        }),
      ).rejects.toThrow('the notification failed');
      expect(await db.snapshot()).toEqual(before);
    },
  );

  scenario('standard', 'announces whose count changed only once the transaction commits', async (s, db) => {
    const { ada, grace, linus, adaPost } = s;
    const heard: string[] = [];
    const service = new NotificationService(db.dataSource, { countChanged: (uid) => heard.push(uid) });
    await service.withNotifications(async (tx, notify) => {
      await tx.query('INSERT INTO likes (post_id, user_uid) VALUES ($1, $2)', [adaPost.id, grace.uid]);
      await notify.liked(grace.uid, adaPost.id);
      await notify.followed(linus.uid, ada.uid);
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual([ada.uid]);
    await expect(
      service.withNotifications(async (_tx, notify) => {
        await notify.followed(grace.uid, ada.uid);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(heard).toEqual([ada.uid]);
    // (Written in one transaction: the same time, in id order.)
    expect((await service.list(ada, first)).items.map((n) => [n.kind, n.actorCount]).sort()).toEqual([
      ['follow', 1],
      ['like', 1],
    ]);
  });
});
