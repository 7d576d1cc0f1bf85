import { defineScenarios } from '../../../test/support/scenarios';

/** Named data for the accounts service's tests. */
export const scenarios = defineScenarios({
  /**
   * Ada (a real emulator account) is leaving. She has a profile photo, two posts (one liked and
   * commented on by Grace), an upload she never finished, a calendar event; she likes and
   * comments on Grace's post, and she and Grace follow each other. Linus follows Grace and likes
   * her post: his rows and Grace's must outlive Ada's account.
   */
  leaving: async (db) => {
    const ada = await db.identityStudent('Ada Lovelace');
    const grace = await db.student('Grace Hopper');
    const linus = await db.student('Linus Torvalds');
    const photo = await db.upload(ada, { kind: 'image' });
    await db.services.users.updateProfile(ada, ada.uid, { photoURL: photo.url });
    const adaPosts = [await db.post(ada, { caption: 'Goodbye campus' }), await db.post(ada, { caption: 'Last lecture' })];
    const unfinished = await db.upload(ada, { pending: true });
    await db.services.calendar.save(ada, { userUid: ada.uid, date: '2026-06-30' }, 'Move out');
    const gracePost = await db.post(grace, { caption: 'Staying' });
    await db.services.likes.like(ada, gracePost.id);
    await db.services.comments.add(ada, gracePost.id, 'Will miss this');
    await db.services.likes.like(grace, adaPosts[0]!.id);
    await db.services.comments.add(grace, adaPosts[0]!.id, 'Bye Ada');
    await db.services.follows.follow(ada, grace.uid);
    await db.services.follows.follow(grace, ada.uid);
    await db.services.follows.follow(linus, grace.uid);
    await db.services.likes.like(linus, gracePost.id);
    return { ada, grace, linus, photo, adaPosts, unfinished, gracePost };
  },
});
