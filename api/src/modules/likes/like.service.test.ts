import { randomUUID } from 'node:crypto';
import { useScenarios } from '../../../test/support/scenarios';
import { scenarios } from './like.scenarios';

const { scenario } = useScenarios(scenarios);

describe('LikeService', () => {
  scenario('liking twice is one like, counted once', async ({ ada, post }, db) => {
    expect((await db.services.likes.like(ada, post.id)).likeCount).toBe(1);
    expect((await db.services.likes.like(ada, post.id)).likeCount).toBe(1);
    expect(await db.services.likes.likedBy(ada.uid, [post.id])).toEqual(new Set([post.id]));
  });

  scenario('liked', "unlike removes only the student's own like; unliking again changes nothing", async ({ ada, linus, post }, db) => {
    expect((await db.services.likes.unlike(ada, post.id)).likeCount).toBe(1);
    expect((await db.services.likes.unlike(ada, post.id)).likeCount).toBe(1);
    expect(await db.services.likes.likedBy(ada.uid, [post.id])).toEqual(new Set());
    expect(await db.services.likes.likedBy(linus.uid, [post.id])).toEqual(new Set([post.id]));
  });

  scenario("liking or unliking a post that is not there is 'Post not found' and stores nothing", async ({ ada }, db) => {
    const before = await db.snapshot();
    for (const id of [randomUUID(), 'not-a-post-id']) {
      await expect(db.services.likes.like(ada, id)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Post not found' });
      await expect(db.services.likes.unlike(ada, id)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Post not found' });
    }
    expect(await db.snapshot()).toEqual(before);
  });

  scenario(
    'likedBy answers for a whole page: only the posts this student liked, ignoring ids that are no ids',
    async ({ ada, linus, post, other }, db) => {
      await db.services.likes.like(ada, other.id);
      await db.services.likes.like(linus, post.id);
      expect(await db.services.likes.likedBy(ada.uid, [post.id, other.id, 'nonsense', randomUUID()])).toEqual(new Set([other.id]));
      expect(await db.services.likes.likedBy(ada.uid, [])).toEqual(new Set());
    },
  );

  scenario('liked', "a deleted post takes its likes with it, and no one's like outlives it", async ({ ada, grace, post }, db) => {
    await db.services.posts.delete(grace, post.id);
    expect(await db.services.likes.likedBy(ada.uid, [post.id])).toEqual(new Set());
    await expect(db.services.likes.like(ada, post.id)).rejects.toMatchObject({ message: 'Post not found' });
  });
});
