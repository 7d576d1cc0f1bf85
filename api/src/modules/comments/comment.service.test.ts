import { randomUUID } from 'node:crypto';
import { useScenarios } from '../../../test/support/scenarios';
import { scenarios } from './comment.scenarios';

const { scenario, describeScenario } = useScenarios(scenarios);

describe('CommentService', () => {
  scenario('add stores the trimmed text, counts it on the post and announces it with its author', async ({ alan, quiet }, db) => {
    const comment = await db.services.comments.add(alan, quiet.id, '  First!  ');

    expect(comment).toMatchObject({ postId: quiet.id, authorUid: alan.uid, text: 'First!' });
    expect((await db.services.posts.get(quiet.id)).commentCount).toBe(1);
    expect(db.commentEvents).toEqual([
      expect.objectContaining({
        id: comment.id,
        text: 'First!',
        author: expect.objectContaining({ id: alan.uid, displayName: 'Alan Turing' }),
      }),
    ]);
  });

  scenario('add refuses an empty or too long comment and a missing post; nothing is stored or announced', async ({ alan, quiet }, db) => {
    const before = await db.snapshot();
    const comments = db.services.comments;

    await expect(comments.add(alan, quiet.id, ' \n ')).rejects.toMatchObject({ fields: { text: 'Comment cannot be empty' } });
    await expect(comments.add(alan, quiet.id, 'x'.repeat(1001))).rejects.toMatchObject({
      fields: { text: 'Comment must be at most 1,000 characters' },
    });
    await expect(comments.add(alan, randomUUID(), 'Hello?')).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Post not found' });
    await expect(comments.add(alan, 'no-such-post', 'Hello?')).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Post not found' });
    expect(await db.snapshot()).toEqual(before);
    expect(db.commentEvents).toEqual([]);
  });

  describeScenario('standard', 'reading comments', (getScenario, db) => {
    it('forPost reads oldest first, as a conversation, in keyset pages', async () => {
      const { post, fromGrace, fromLinus, graceAgain } = getScenario();
      const comments = db().services.comments;
      const first = await comments.forPost(post.id, { size: 2, after: null });
      expect(first.items.map((comment) => comment.id)).toEqual([fromGrace.id, fromLinus.id]);
      expect(first.hasNextPage).toBe(true);
      const last = first.items.at(-1)!;
      const second = await comments.forPost(post.id, { size: 2, after: { createdAt: last.createdAt, id: last.id } });
      expect(second.items.map((comment) => comment.id)).toEqual([graceAgain.id]);
      expect(second.hasNextPage).toBe(false);
    });

    it("forPosts gives each post its comments in order with their authors, and an empty list for posts without (or that aren't)", async () => {
      const { post, quiet, fromGrace, fromLinus, graceAgain } = getScenario();
      const { byPost, authors } = await db().services.comments.forPosts([post.id, quiet.id, 'nonsense']);
      expect(authors.map((author) => author.id).sort()).toEqual([fromGrace.authorUid, fromLinus.authorUid].sort());
      expect([...byPost.keys()]).toEqual([post.id, quiet.id, 'nonsense']);
      expect(byPost.get(post.id)!.map((comment) => comment.id)).toEqual([fromGrace.id, fromLinus.id, graceAgain.id]);
      expect(byPost.get(quiet.id)).toEqual([]);
      expect(byPost.get('nonsense')).toEqual([]);
    });
  });

  scenario('delete: a bystander is refused and the comment stays', async ({ alan, fromGrace }, db) => {
    const before = await db.snapshot();
    await expect(db.services.comments.delete(alan, fromGrace.id)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'You can only delete your own comments.',
    });
    expect(await db.snapshot()).toEqual(before);
  });

  scenario(
    "delete: the comment's author may, and so may the post's author; the count follows",
    async ({ ada, grace, post, fromGrace, fromLinus, graceAgain }, db) => {
      const comments = db.services.comments;
      expect(await comments.delete(grace, fromGrace.id)).toBe(true);
      expect(await comments.delete(ada, fromLinus.id)).toBe(true);
      expect((await comments.forPost(post.id, { size: 10, after: null })).items.map((comment) => comment.id)).toEqual([graceAgain.id]);
      expect((await db.services.posts.get(post.id)).commentCount).toBe(1);
    },
  );

  scenario("delete of a comment that is not there (or already deleted) is 'Comment not found'", async ({ grace, fromGrace }, db) => {
    await db.services.comments.delete(grace, fromGrace.id);
    for (const id of [fromGrace.id, randomUUID(), 'nonsense']) {
      await expect(db.services.comments.delete(grace, id)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Comment not found' });
    }
  });
});
