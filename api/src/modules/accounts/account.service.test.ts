import { useScenarios } from '../../../test/support/scenarios';
import { scenarios } from './account.scenarios';

const { scenario } = useScenarios(scenarios);

describe('AccountService', () => {
  scenario(
    'leaving',
    "delete removes every row the student owns, and fixes everyone else's counters",
    async ({ ada, grace, linus, gracePost }, db) => {
      expect(await db.services.accounts.delete(ada)).toBe(true);

      const [left] = await db.dataSource.query(
        `SELECT (SELECT count(*) FROM users WHERE firebase_uid = $1) AS users,
              (SELECT count(*) FROM posts WHERE author_uid = $1) AS posts,
              (SELECT count(*) FROM likes WHERE user_uid = $1) AS likes,
              (SELECT count(*) FROM comments WHERE author_uid = $1) AS comments,
              (SELECT count(*) FROM follows WHERE follower_uid = $1 OR followee_uid = $1) AS follows,
              (SELECT count(*) FROM calendar_events WHERE user_uid = $1) AS events,
              (SELECT count(*) FROM uploads WHERE owner_uid = $1) AS uploads`,
        [ada.uid],
      );
      expect(left).toEqual({ users: 0, posts: 0, likes: 0, comments: 0, follows: 0, events: 0, uploads: 0 });
      // Grace's post keeps Linus's like; her comment went with Ada's post.
      expect(await db.services.posts.get(gracePost.id)).toMatchObject({ likeCount: 1, commentCount: 0 });
      expect(await db.services.users.get(grace.uid)).toMatchObject({ followerCount: 1, followingCount: 0, postCount: 1 });
      expect(await db.services.follows.followedBy(linus.uid, [grace.uid])).toEqual(new Set([grace.uid]));
      expect((await db.services.comments.forPost(gracePost.id, { size: 10, after: null })).items).toEqual([]);
    },
  );

  scenario(
    'leaving',
    "delete removes the student's files and uploads, finished or not, and no one else's",
    async ({ ada, gracePost }, db) => {
      const before = await db.snapshot();
      await db.services.accounts.delete(ada);

      const after = await db.snapshot();
      const gracesFiles = [gracePost.videoUrl, gracePost.posterUrl!].map((url) => url.replace('/media/', ''));
      expect(after.mediaFiles.filter((file) => !file.startsWith('.incoming/')).map((file) => file.split(' ')[0])).toEqual(
        gracesFiles.sort(),
      );
      expect(before.mediaFiles.length - after.mediaFiles.length).toBe(5); // Ada's photo, two videos and their two posters
      expect(await db.media.records.listByOwner(ada.uid)).toEqual([]);
      expect(await db.media.records.get(gracePost.uploadId!)).toMatchObject({ status: 'complete' });
    },
  );

  scenario('leaving', 'delete removes the identity account: it can no longer sign in', async ({ ada }, db) => {
    await expect(db.verifier.adminAuth.getUser(ada.uid)).resolves.toMatchObject({ uid: ada.uid });
    await db.services.accounts.delete(ada);

    await expect(db.verifier.adminAuth.getUser(ada.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    await expect(ada.identity.refresh()).rejects.toThrow(/EMAIL_NOT_FOUND|USER_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/);
  });
});
