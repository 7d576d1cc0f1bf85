import type { Viewer } from '../../shared/viewer';
import { useScenarios } from '../../../test/support/scenarios';
import { scenarios } from './user.scenarios';

const { scenario, describeScenario } = useScenarios(scenarios);

const newcomer: Viewer = {
  uid: 'newcomer-1',
  email: 'ada@campus.test',
  name: 'Ada from Google',
  picture: null,
  signInProvider: 'google.com',
  emailVerified: true,
};
const firstPage = { size: 10, after: null };

describe('UserService', () => {
  scenario('emptyCampus', "sync creates the profile from the token's uid and e-mail, and keeps the first date of birth", async (_, db) => {
    const users = db.services.users;
    expect(await users.sync(newcomer, {})).toMatchObject({
      id: newcomer.uid,
      email: 'ada@campus.test',
      displayName: 'Ada from Google',
      dateOfBirth: null,
    });

    await users.sync(newcomer, { displayName: 'Ada Lovelace', dateOfBirth: '2001-02-03' });
    const again = await users.sync({ ...newcomer, email: 'ada@new.test' }, { displayName: 'Ada L.', dateOfBirth: '1999-09-09' });
    expect(again).toMatchObject({ displayName: 'Ada L.', email: 'ada@new.test', dateOfBirth: '2001-02-03' });
  });

  scenario('emptyCampus', 'sync refuses an under-17 student and a one-letter name together, and stores nothing', async (_, db) => {
    const tenYearsAgo = `${new Date().getUTCFullYear() - 10}-01-01`;

    await expect(db.services.users.sync(newcomer, { displayName: 'A', dateOfBirth: tenYearsAgo })).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: {
        displayName: 'Please enter your full name (minimum 2 characters)',
        dateOfBirth: 'You must be at least 17 years old to sign up',
      },
    });
    await expect(db.services.users.get(newcomer.uid)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'User not found' });
  });

  scenario("updateProfile of someone else's profile is refused and changes nothing", async ({ ada, grace }, db) => {
    const before = await db.snapshot();

    await expect(db.services.users.updateProfile(grace, ada.uid, { bio: 'hacked' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'You can only change your own profile.',
    });
    expect(await db.snapshot()).toEqual(before);
  });

  scenario('updateProfile keeps what it is not given, drops repeated interests, and refuses unknown ones', async ({ ada }, db) => {
    const users = db.services.users;
    const updated = await users.updateProfile(ada, ada.uid, { interests: ['Music', 'Music', 'Physics'] });
    expect(updated).toMatchObject({ interests: ['Music', 'Physics'], bio: 'Poetical science', displayName: 'Ada Lovelace' });

    const before = await db.snapshot();
    await expect(users.updateProfile(ada, ada.uid, { bio: 'New bio', interests: ['Quidditch'] })).rejects.toMatchObject({
      fields: { interests: 'Please choose interests from the list' },
    });
    expect(await db.snapshot()).toEqual(before);
  });

  scenario("a profile photo must be the student's own finished image upload; null removes it", async ({ ada, grace }, db) => {
    const users = db.services.users;
    const gracesPhoto = await db.upload(grace, { kind: 'image' });
    const adasPhoto = await db.upload(ada, { kind: 'image' });
    const adasVideo = await db.upload(ada, { kind: 'video' });

    for (const photoURL of [gracesPhoto.url, adasVideo.url, 'https://elsewhere.example/me.jpg']) {
      await expect(users.updateProfile(ada, ada.uid, { photoURL })).rejects.toMatchObject({
        fields: { photoURL: 'Please upload your photo again: that upload was not found.' },
      });
    }
    expect((await users.get(ada.uid)).photoURL).toBeNull();
    expect((await users.updateProfile(ada, ada.uid, { photoURL: adasPhoto.url })).photoURL).toBe(adasPhoto.url);
    expect((await users.updateProfile(ada, ada.uid, { photoURL: null })).photoURL).toBeNull();
  });

  scenario('emptyCampus', 'search offers a name with a word starting with the query before one that only contains it', async (_, db) => {
    // Issue 23: '@Ma' offered 'Demadu' (the newest member) above 'Maya Chen'; five suggestions are asked for.
    const maya = await db.student('Maya Chen', { joinedMinutesAgo: 50 });
    const tom = await db.student('Tom Marsh', { joinedMinutesAgo: 40 });
    for (const [index, name] of ['Osman Ali', 'Kamal Ibe', 'Roma Ng', 'Shama Ito'].entries()) {
      await db.student(name, { joinedMinutesAgo: 30 - index });
    }
    await db.student('Demadu', { joinedMinutesAgo: 1 });
    const found = await db.services.users.search('Ma', { size: 5, after: null });
    expect(found.items.map((user) => user.displayName)).toEqual(['Tom Marsh', 'Maya Chen', 'Demadu', 'Shama Ito', 'Roma Ng']);
    expect(found.items.slice(0, 2).map((user) => user.id)).toEqual([tom.uid, maya.uid]);
    expect(found.hasNextPage).toBe(true);
    const last = found.items.at(-1)!;
    const rest = await db.services.users.search('ma', { size: 5, after: { createdAt: last.createdAt, id: last.id } });
    expect(rest.items.map((user) => user.displayName)).toEqual(['Kamal Ibe', 'Osman Ali']);
  });

  describeScenario('standard', 'finding people', (getScenario, db) => {
    it('search matches names in any case, a word starting with the query first, newest members first, in keyset pages', async () => {
      const { ada, grace, linus, alan } = getScenario();
      const users = db().services.users;
      expect((await users.search('', firstPage)).items.map((user) => user.id)).toEqual([ada.uid, grace.uid, linus.uid, alan.uid]);

      // 'Ada Lovelace' and 'Alan Turing' start with an A; 'Grace Hopper' and 'Linus 100% Real' only contain one.
      const first = await users.search('  A  ', { size: 1, after: null });
      expect(first.items.map((user) => user.id)).toEqual([ada.uid]);
      const pages = [first.items];
      for (let page = first; page.hasNextPage;) {
        const last = page.items.at(-1)!;
        page = await users.search('a', { size: 1, after: { createdAt: last.createdAt, id: last.id } });
        pages.push(page.items);
      }
      expect(pages.map((items) => items.map((user) => user.id))).toEqual([[ada.uid], [alan.uid], [grace.uid], [linus.uid]]);
    });

    it("search takes '%' and '_' as themselves, not as patterns", async () => {
      const { linus } = getScenario();
      const users = db().services.users;
      expect((await users.search('100%', firstPage)).items.map((user) => user.id)).toEqual([linus.uid]);
      expect((await users.search('%', firstPage)).items.map((user) => user.id)).toEqual([linus.uid]);
      expect((await users.search('_', firstPage)).items).toEqual([]);
    });

    it('suggested: people sharing most interests first, never oneself or someone already followed', async () => {
      const { ada, grace, linus } = getScenario();
      const users = db().services.users;
      expect((await users.suggested(grace, 10)).map((user) => user.id)).toEqual([ada.uid, linus.uid]);
      // Ada follows Linus (one shared interest); Alan shares none.
      expect((await users.suggested(ada, 10)).map((user) => user.id)).toEqual([grace.uid]);
    });

    it('suggested to a signed-out visitor: the most followed first', async () => {
      const { grace, linus } = getScenario();
      expect((await db().services.users.suggested(null, 2)).map((user) => user.id)).toEqual([grace.uid, linus.uid]);
    });
  });

  scenario(
    'followedAda',
    'followers and following list the newest follow first, in keyset pages',
    async ({ ada, alan, grace, linus }, db) => {
      const users = db.services.users;
      const first = await users.followers(ada.uid, { size: 2, after: null });
      expect(first.items.map((edge) => edge.user.id)).toEqual([linus.uid, grace.uid]);
      expect(first.hasNextPage).toBe(true);

      const last = first.items.at(-1)!;
      const second = await users.followers(ada.uid, { size: 2, after: { createdAt: last.followedAt, id: last.user.id } });
      expect(second.items.map((edge) => edge.user.id)).toEqual([alan.uid]);
      expect(second.hasNextPage).toBe(false);

      expect((await users.following(alan.uid, firstPage)).items.map((edge) => edge.user.id)).toEqual([ada.uid]);
      expect(await users.following(ada.uid, firstPage)).toEqual({ items: [], hasNextPage: false });
    },
  );
});
