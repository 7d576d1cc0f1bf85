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

  scenario(
    'standard',
    'keeps each unread count equal to the unread notifications the list shows, after every kind of write',
    async (s, db) => {
      const { ada, grace, linus, adaPost, adaProcessing, gracePost } = s;
      const { notifications, likes, follows, comments, blocks } = db.services;
      const sql = (text: string, parameters: unknown[] = []) => db.dataSource.query(text, parameters);
      const people = [ada, grace, linus];
      /** The count equals what the list shows unread, for everyone. */
      const agrees = async (step: string) => {
        for (const person of people) {
          const shown = (await notifications.list(person, { size: 50, after: null })).items.filter((n) => !n.read).length;
          expect({ step, uid: person.uid, count: await notifications.unreadCount(person) }).toEqual({
            step,
            uid: person.uid,
            count: shown,
          });
        }
      };
      const write = (work: Parameters<typeof notifications.withNotifications>[0]) => notifications.withNotifications(work);

      await agrees('nothing yet');
      await likes.like(grace, adaPost.id);
      await likes.like(linus, adaPost.id);
      await agrees('two likes, one group');
      await likes.unlike(grace, adaPost.id);
      await agrees('one unlike');
      await likes.unlike(linus, adaPost.id);
      await agrees('the group emptied');
      await follows.follow(grace, ada.uid);
      await follows.follow(linus, ada.uid);
      await follows.unfollow(linus, ada.uid);
      await agrees('follows and an unfollow');
      const comment = await comments.add(grace, adaPost.id, 'Lovely light, @Linus');
      await notifications.notifyMentions(grace, [linus.uid], adaPost.id, comment.id);
      await notifications.notifyMentions(ada, [grace.uid], adaProcessing.id, null);
      await agrees('a comment, a mention, a mention in a clip still processing');
      await sql(`UPDATE posts SET status = 'ready' WHERE id = $1`, [adaProcessing.id]);
      await agrees('the clip ready');
      await sql('UPDATE posts SET hidden_for_review = true WHERE id = $1', [adaPost.id]);
      await agrees('a post hidden for review');
      await sql('UPDATE posts SET hidden_for_review = false WHERE id = $1', [adaPost.id]);
      await comments.delete(grace, comment.id);
      await agrees('the comment deleted');
      await write((_tx, notify) => notify.moderation(ada.uid, 'A warning'));
      await agrees('moderation');

      await blocks.block(ada, grace.uid);
      await agrees('a block');
      await blocks.unblock(ada, grace.uid);
      await blocks.mute(grace, ada.uid);
      await agrees('unblocked, then a mute');
      await blocks.unmute(grace, ada.uid);
      await sql(`UPDATE users SET suspended_until = now() + interval '1 day' WHERE firebase_uid = $1`, [grace.uid]);
      await agrees('the actor suspended');
      await sql(`UPDATE users SET suspended_until = now() + interval '1500 milliseconds' WHERE firebase_uid = $1`, [grace.uid]);
      await agrees('a suspension about to end');
      await new Promise((resolve) => setTimeout(resolve, 1600));
      await agrees('the suspension ended by itself');

      const [organization] = (await sql(
        `INSERT INTO organizations (slug, name, category) VALUES ('chess-club', 'Chess club', 'other') RETURNING id`,
      )) as Array<{ id: string }>;
      await sql(`INSERT INTO organization_members (organization_id, user_uid, role) VALUES ($1, $2, 'owner'), ($1, $3, 'member')`, [
        organization!.id,
        grace.uid,
        ada.uid,
      ]);
      await write((_tx, notify) => notify.joinRequested(linus.uid, organization!.id));
      await write((_tx, notify) => notify.organizationEvent(grace.uid, gracePost.id, organization!.id));
      await agrees('a join request, an event');
      await sql(`UPDATE organizations SET status = 'hidden' WHERE id = $1`, [organization!.id]);
      await agrees('the organization hidden');
      await sql(`UPDATE organizations SET status = 'active' WHERE id = $1`, [organization!.id]);
      await write(async (_tx, notify) => {
        await notify.joinRequestClosed(linus.uid, organization!.id);
        await notify.joinAnswered(grace.uid, linus.uid, organization!.id, true);
      });
      await agrees('the request answered');

      await notifications.markAllRead(ada);
      await likes.like(linus, adaPost.id);
      await agrees('all read, then a new like');
      await write((_tx, notify) => notify.postsRemoved([gracePost.id]));
      await sql('DELETE FROM posts WHERE id = $1', [gracePost.id]);
      await agrees('a post removed');
      await sql(`UPDATE notifications SET read_at = NULL WHERE recipient_uid = $1`, [ada.uid]);
      await agrees('marked unread again, past the services');
      await write((_tx, notify) => notify.accountRemoved(linus.uid));
      await sql('DELETE FROM users WHERE firebase_uid = $1', [linus.uid]);
      people.pop();
      await agrees('an actor account removed');
    },
  );

  scenario('standard', "hands the loaders each row's actors, post and author as they would load them", async (s, db) => {
    const { ada, grace, linus, adaPost, gracePost } = s;
    const { notifications, likes, comments, users, posts } = db.services;
    await likes.like(grace, adaPost.id);
    await likes.like(linus, adaPost.id);
    await comments.add(linus, adaPost.id, 'Nice');
    await notifications.notifyMentions(grace, [ada.uid], gracePost.id, null);
    await db.services.blocks.mute(ada, linus.uid);
    const page = await notifications.list(ada, first);
    expect(page.items.map((n) => [n.kind, n.actorUids])).toEqual([
      ['mention', [grace.uid]],
      ['like', [grace.uid]],
    ]);
    const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
    expect(byId(page.users)).toEqual(byId(await users.byIdsVisibleTo([grace.uid, ada.uid], ada)));
    expect(byId(page.posts)).toEqual(byId(await posts.byIds([adaPost.id, gracePost.id], ada)));
    // A post's comment count leaves out those the reader's threads hide (Linus, muted), as posts' byIds does.
    expect(page.posts.find((post) => post.id === adaPost.id)!.commentCount).toBe(0);
  });
});
