import { useScenarios } from '../../../test/support/scenarios';
import { scenarios } from './block.scenarios';

const { scenario } = useScenarios(scenarios);
const first = { size: 20, after: null };
const ids = (page: { items: Array<{ id: string }> }) => page.items.map((item) => item.id);

describe('BlockService', () => {
  scenario('campus', 'a block hides both people from each other everywhere, and removes the follows both ways', async (s, db) => {
    const { ada, grace, linus, adaPost, gracePost } = s;
    const { posts, feeds, users, comments, likes, follows, blocks } = db.services;
    expect(await blocks.block(ada, grace.uid)).toBe(true);

    for (const [viewer, other, otherPost] of [
      [ada, grace, gracePost],
      [grace, ada, adaPost],
    ] as const) {
      // Posts: by id, profile, tag page, Home, Explore.
      await expect(posts.getVisible(viewer, otherPost.id)).rejects.toMatchObject({ message: 'Post not found' });
      expect(ids(await posts.byAuthor(other.uid, first, viewer))).toEqual([]);
      expect(ids(await posts.byTag('campus', first, viewer))).not.toContain(otherPost.id);
      expect(ids(await feeds.home(viewer, first))).not.toContain(otherPost.id);
      expect(ids(await feeds.explore(viewer, first))).not.toContain(otherPost.id);
      // The person: profile, search, suggestions, anyone's follower lists.
      await expect(users.getFor(viewer, other.uid)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'This account is not available' });
      expect(ids(await users.search(other.displayName!.split(' ')[0]!, first, viewer))).toEqual([]);
      expect((await users.suggested(viewer, 20)).map((user) => user.id)).not.toContain(other.uid);
      expect((await users.followers(ada.uid, first, grace)).items.map((edge) => edge.user.id)).not.toContain(ada.uid);
      expect((await users.byIdsVisibleTo([other.uid], viewer)).length).toBe(0);
      // Their comments, in threads and in the REST documents' embedded comments.
      const own = viewer.uid === ada.uid ? adaPost : gracePost;
      const thread = (await comments.forPost(own.id, first, viewer)).items.map((comment) => comment.authorUid);
      expect(thread).not.toContain(other.uid);
      expect((await comments.forPosts([own.id], viewer)).byPost.get(own.id)!.map((comment) => comment.authorUid)).not.toContain(other.uid);
      // No following, liking or commenting across the block.
      await expect(follows.follow(viewer, other.uid)).rejects.toMatchObject({ message: 'This account is not available' });
      await expect(likes.like(viewer, otherPost.id)).rejects.toMatchObject({ message: 'Post not found' });
      await expect(comments.add(viewer, otherPost.id, 'Hello?')).rejects.toMatchObject({ message: 'Post not found' });
    }
    expect(await follows.followedBy(ada.uid, [grace.uid])).toEqual(new Set());
    expect(await follows.followedBy(grace.uid, [ada.uid])).toEqual(new Set());
    expect((await users.get(ada.uid)).followerCount).toBe(1); // Linus still follows her
    // Nothing changes for anyone else.
    expect(ids(await posts.byAuthor(ada.uid, first, linus))).toEqual([adaPost.id]);
    expect((await comments.forPost(adaPost.id, first, linus)).items).toHaveLength(2);
    expect((await blocks.blocked(ada)).map((user) => user.id)).toEqual([grace.uid]);
  });

  scenario('campus', 'unblocking shows them again (the follows stay gone)', async ({ ada, grace, gracePost }, db) => {
    await db.services.blocks.block(ada, grace.uid);
    await db.services.blocks.unblock(ada, grace.uid);

    expect((await db.services.posts.getVisible(ada, gracePost.id)).id).toBe(gracePost.id);
    expect((await db.services.users.getFor(ada, grace.uid)).id).toBe(grace.uid);
    expect(await db.services.follows.followedBy(ada.uid, [grace.uid])).toEqual(new Set());
    expect(await db.services.blocks.blocked(ada)).toEqual([]);
  });

  scenario('campus', 'a mute quietly takes their posts and comments out of the muter’s feeds and threads only', async (s, db) => {
    const { ada, grace, adaPost, gracePost } = s;
    const { posts, feeds, comments, users, blocks } = db.services;
    await blocks.mute(ada, grace.uid);

    expect(ids(await feeds.home(ada, first))).toEqual([adaPost.id]);
    expect(ids(await posts.byTag('campus', first, ada))).toEqual([adaPost.id]);
    expect((await comments.forPost(adaPost.id, first, ada)).items.map((comment) => comment.authorUid)).not.toContain(grace.uid);
    // Still reachable on purpose (her profile, her post by link), and nothing changes for Grace.
    expect((await posts.getVisible(ada, gracePost.id)).id).toBe(gracePost.id);
    expect((await users.getFor(ada, grace.uid)).id).toBe(grace.uid);
    expect(ids(await feeds.home(grace, first))).toEqual([gracePost.id, adaPost.id]);
    expect((await blocks.muted(ada)).map((user) => user.id)).toEqual([grace.uid]);

    await blocks.unmute(ada, grace.uid);
    expect(ids(await feeds.home(ada, first))).toEqual([gracePost.id, adaPost.id]);
  });

  scenario('campus', 'blocking or muting oneself is refused, and nothing changes', async ({ ada }, db) => {
    const before = await db.snapshot();
    await expect(db.services.blocks.block(ada, ada.uid)).rejects.toMatchObject({ fields: { userId: 'You cannot block yourself.' } });
    await expect(db.services.blocks.mute(ada, ada.uid)).rejects.toMatchObject({ fields: { userId: 'You cannot mute yourself.' } });
    expect(await db.snapshot()).toEqual(before);
  });

  scenario('campus', 'blocking someone who is not there answers User not found, storing nothing', async ({ ada }, db) => {
    const before = await db.snapshot();
    await expect(db.services.blocks.block(ada, 'nobody-here')).rejects.toMatchObject({ message: 'User not found' });
    expect(await db.snapshot()).toEqual(before);
  });
});
