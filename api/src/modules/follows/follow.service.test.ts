import { useScenarios } from '../../../test/support/scenarios';
import { scenarios } from './follow.scenarios';

const { scenario } = useScenarios(scenarios);

describe('FollowService', () => {
  scenario("following twice is one follow; both students' counters count it once", async ({ ada, grace }, db) => {
    expect((await db.services.follows.follow(ada, grace.uid)).followerCount).toBe(1);
    expect((await db.services.follows.follow(ada, grace.uid)).followerCount).toBe(1);
    expect((await db.services.users.get(ada.uid)).followingCount).toBe(1);
    expect(await db.services.follows.followedBy(ada.uid, [grace.uid])).toEqual(new Set([grace.uid]));
  });

  scenario('following oneself is refused as an input problem and stores nothing', async ({ ada }, db) => {
    const before = await db.snapshot();
    await expect(db.services.follows.follow(ada, ada.uid)).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { userId: 'You cannot follow yourself.' },
    });
    expect(await db.snapshot()).toEqual(before);
  });

  scenario("following or unfollowing someone who is not there is 'User not found' and stores nothing", async ({ ada }, db) => {
    const before = await db.snapshot();
    await expect(db.services.follows.follow(ada, 'nobody-here')).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'User not found' });
    await expect(db.services.follows.unfollow(ada, 'nobody-here')).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'User not found' });
    expect(await db.snapshot()).toEqual(before);
  });

  scenario('aFollowsB', 'unfollow removes the follow and both counts; unfollowing again changes nothing', async ({ ada, grace }, db) => {
    expect((await db.services.follows.unfollow(ada, grace.uid)).followerCount).toBe(0);
    expect((await db.services.follows.unfollow(ada, grace.uid)).followerCount).toBe(0);
    expect((await db.services.users.get(ada.uid)).followingCount).toBe(0);
    expect(await db.services.follows.followedBy(ada.uid, [grace.uid])).toEqual(new Set());
  });

  scenario('aFollowsB', 'followedBy answers for a whole page, in one direction only', async ({ ada, grace, linus }, db) => {
    expect(await db.services.follows.followedBy(ada.uid, [grace.uid, linus.uid, 'nobody-here'])).toEqual(new Set([grace.uid]));
    expect(await db.services.follows.followedBy(grace.uid, [ada.uid])).toEqual(new Set());
    expect(await db.services.follows.followedBy(ada.uid, [])).toEqual(new Set());
  });

  scenario('aFollowsB', "unfollowing someone one does not follow leaves others' follows alone", async ({ ada, grace, linus }, db) => {
    const before = await db.snapshot();
    expect((await db.services.follows.unfollow(linus, grace.uid)).followerCount).toBe(1);
    expect(await db.snapshot()).toEqual(before);
    expect(await db.services.follows.followedBy(ada.uid, [grace.uid])).toEqual(new Set([grace.uid]));
  });
});
