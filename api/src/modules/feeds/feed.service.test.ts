import type { Post } from '../posts';
import type { Page, PageRequest } from '../../shared/paging';
import { useScenarios } from '../../../test/support/scenarios';
import { scenarios } from './feed.scenarios';

const { scenario, describeScenario } = useScenarios(scenarios);

const ids = (page: Page<Post>) => page.items.map((post) => post.id);
const firstPage: PageRequest = { size: 10, after: null };
const after = (page: Page<Post>, size: number): PageRequest => {
  const last = page.items.at(-1)!;
  return { size, after: { createdAt: last.createdAt, id: last.id } };
};

describe('FeedService', () => {
  describeScenario('standard', 'reading the feeds', (getScenario, db) => {
    it("home: the viewer's own posts and their followees', newest first, no one else's", async () => {
      const { ada, posts } = getScenario();
      expect(ids(await db().services.feeds.home(ada, firstPage))).toEqual([posts.graceNew.id, posts.adaOwn.id, posts.graceOld.id]);
    });

    it('home pages with keyset cursors, without repeats or gaps', async () => {
      const { ada, posts } = getScenario();
      const feeds = db().services.feeds;
      const first = await feeds.home(ada, { size: 2, after: null });
      expect(ids(first)).toEqual([posts.graceNew.id, posts.adaOwn.id]);
      expect(first.hasNextPage).toBe(true);
      const second = await feeds.home(ada, after(first, 2));
      expect(ids(second)).toEqual([posts.graceOld.id]);
      expect(second.hasNextPage).toBe(false);
    });

    it("explore: everyone else's posts but the viewer's own and their followees', newest first", async () => {
      const { ada, grace, posts } = getScenario();
      const feeds = db().services.feeds;
      expect(ids(await feeds.explore(ada, firstPage))).toEqual([posts.linusNew.id, posts.linusOld.id]);
      expect(ids(await feeds.explore(grace, firstPage))).toEqual([posts.linusNew.id, posts.adaOwn.id, posts.linusOld.id]);
    });

    it('explore for a signed-out visitor: every post, in keyset pages', async () => {
      const { posts } = getScenario();
      const feeds = db().services.feeds;
      const first = await feeds.explore(null, { size: 3, after: null });
      expect(ids(first)).toEqual([posts.graceNew.id, posts.linusNew.id, posts.adaOwn.id]);
      const second = await feeds.explore(null, after(first, 3));
      expect(ids(second)).toEqual([posts.graceOld.id, posts.linusOld.id]);
      expect(second.hasNextPage).toBe(false);
    });
  });

  scenario('a new post is at the top of its author’s Home at once, and of their followers’', async ({ ada, grace }, db) => {
    const fresh = await db.post(grace, { caption: 'Just now' });
    expect(ids(await db.services.feeds.home(grace, { size: 1, after: null }))).toEqual([fresh.id]);
    expect(ids(await db.services.feeds.home(ada, { size: 1, after: null }))).toEqual([fresh.id]);
  });

  scenario('unfollowing moves a student’s posts from Home to Explore', async ({ ada, grace, posts }, db) => {
    await db.services.follows.unfollow(ada, grace.uid);
    expect(ids(await db.services.feeds.home(ada, firstPage))).toEqual([posts.adaOwn.id]);
    expect(ids(await db.services.feeds.explore(ada, firstPage))).toEqual([
      posts.graceNew.id,
      posts.linusNew.id,
      posts.graceOld.id,
      posts.linusOld.id,
    ]);
  });

  scenario('adaFollowsThousand', 'from 1,000 followees Home walks the campus and gives the same pages', async ({ ada, posts }, db) => {
    expect((await db.services.users.get(ada.uid)).followingCount).toBe(1000);
    const first = await db.services.feeds.home(ada, { size: 2, after: null });
    expect(ids(first)).toEqual([posts.graceNew.id, posts.adaOwn.id]);
    expect(first.hasNextPage).toBe(true);
    const second = await db.services.feeds.home(ada, after(first, 2));
    expect(ids(second)).toEqual([posts.graceOld.id]);
    expect(second.hasNextPage).toBe(false);
  });

  scenario('emptyCampus', 'with no posts anywhere both feeds are one empty page', async ({ ada }, db) => {
    expect(await db.services.feeds.home(ada, firstPage)).toMatchObject({ items: [], hasNextPage: false });
    expect(await db.services.feeds.explore(ada, firstPage)).toMatchObject({ items: [], hasNextPage: false });
    expect(await db.services.feeds.explore(null, firstPage)).toMatchObject({ items: [], hasNextPage: false });
  });
});
