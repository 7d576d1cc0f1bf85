import { randomUUID } from 'node:crypto';
import { useScenarios } from '../../../test/support/scenarios';
import { scenarios } from './post.scenarios';

const { scenario, describeScenario } = useScenarios(scenarios);

describe('PostService', () => {
  scenario('emptyCampus', 'create stores the post on the claimed video, tags normalised, and counts it', async ({ ada, video }, db) => {
    const post = await db.services.posts.create(ada, { videoUrl: video.url, caption: '  Golden hour  ', tags: ['#Golden Hour', 'campus'] });

    expect(post).toMatchObject({
      authorUid: ada.uid,
      videoUrl: video.url,
      posterUrl: video.posterUrl,
      uploadId: video.id,
      duration: 4.5,
      caption: 'Golden hour',
      tags: ['GoldenHour', 'campus'],
      likeCount: 0,
    });
    expect((await db.services.users.get(ada.uid)).postCount).toBe(1);
  });

  scenario(
    'emptyCampus',
    'a new post is processing, with its transcoding job queued in the same transaction',
    async ({ ada, video }, db) => {
      const post = await db.services.posts.create(ada, { videoUrl: video.url, caption: 'Fresh' });

      expect(post).toMatchObject({ status: 'processing', processingProgress: 0, renditions: [], failureMessage: null });
      const jobs: Array<{ data: { postId: string; uploadId: string } }> = await db.dataSource.query(
        `SELECT data FROM pgboss.job WHERE name = 'video-transcode' AND data->>'postId' = $1`,
        [post.id],
      );
      expect(jobs.map((job) => job.data)).toEqual([{ postId: post.id, uploadId: video.id }]);
    },
  );

  scenario('emptyCampus', "create refuses a missing video with 'Please upload a video first' and stores nothing", async ({ ada }, db) => {
    const before = await db.snapshot();

    await expect(db.services.posts.create(ada, { videoUrl: '  ', caption: 'No video' })).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { videoUrl: 'Please upload a video first' },
    });
    expect(await db.snapshot()).toEqual(before);
  });

  scenario('emptyCampus', 'create reports every bad field at once: a missing video, a long caption, too many tags', async ({ ada }, db) => {
    const tags = Array.from({ length: 31 }, (_, i) => `tag${i}`);

    await expect(db.services.posts.create(ada, { videoUrl: null, caption: 'c'.repeat(2201), tags })).rejects.toMatchObject({
      fields: {
        videoUrl: 'Please upload a video first',
        caption: 'Caption must be at most 2,200 characters',
        tags: 'Use at most 30 tags',
      },
    });
    expect(await db.services.posts.byAuthor(ada.uid, { size: 10, after: null }, ada)).toMatchObject({ items: [], hasNextPage: false });
  });

  scenario(
    "create refuses someone else's video as if it were not there, and a video already posted",
    async ({ ada, grace, unusedVideo, sunset }, db) => {
      const before = await db.snapshot();

      await expect(db.services.posts.create(grace, { videoUrl: unusedVideo.url })).rejects.toMatchObject({
        fields: { videoUrl: 'Please upload your video again: that upload was not found.' },
      });
      await expect(db.services.posts.create(ada, { videoUrl: sunset.videoUrl })).rejects.toMatchObject({
        fields: { videoUrl: 'This video is already in a post. Please upload it again to post it twice.' },
      });
      expect(await db.snapshot()).toEqual(before);
    },
  );

  describeScenario('standard', 'reading posts', (getScenario, db) => {
    it('byAuthor pages newest first with keyset cursors', async () => {
      const { ada, sunset, lecture, library } = getScenario();
      const first = await db().services.posts.byAuthor(ada.uid, { size: 2, after: null }, null);
      expect(first.items.map((post) => post.id)).toEqual([library.id, lecture.id]);
      expect(first.hasNextPage).toBe(true);

      const last = first.items.at(-1)!;
      const second = await db().services.posts.byAuthor(ada.uid, { size: 2, after: { createdAt: last.createdAt, id: last.id } }, null);
      expect(second.items.map((post) => post.id)).toEqual([sunset.id]);
      expect(second.hasNextPage).toBe(false);
    });

    it('byAuthor of someone who has not posted is an empty page', async () => {
      const { grace } = getScenario();
      expect(await db().services.posts.byAuthor(grace.uid, { size: 10, after: null }, grace)).toMatchObject({
        items: [],
        hasNextPage: false,
      });
    });

    it("byTag matches a tag whatever its case or '#', newest first", async () => {
      const { sunset, lecture } = getScenario();
      const posts = db().services.posts;
      expect((await posts.byTag('goldenhour', { size: 10, after: null }, null)).items.map((post) => post.id)).toEqual([sunset.id]);
      expect((await posts.byTag('#CAMPUS', { size: 10, after: null }, null)).items.map((post) => post.id)).toEqual([lecture.id, sunset.id]);
      expect(await posts.byTag('!!!', { size: 10, after: null }, null)).toMatchObject({ items: [], hasNextPage: false });
    });

    it("get answers 'Post not found' for an unknown id and for text that is no id", async () => {
      const posts = db().services.posts;
      await expect(posts.get(randomUUID())).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Post not found' });
      await expect(posts.get("1' OR '1'='1")).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Post not found' });
    });
  });

  describeScenario('processing', 'a post whose video is processing', (getScenario, db) => {
    const ids = (page: { items: Array<{ id: string }> }) => page.items.map((post) => post.id);
    const first = { size: 10, after: null };

    it('is its author’s to see: on their profile, their Home and by id', async () => {
      const { ada, ready, pending } = getScenario();
      const { posts, feeds } = db().services;
      expect(ids(await posts.byAuthor(ada.uid, first, ada))).toEqual([pending.id, ready.id]);
      expect(ids(await feeds.home(ada, first))).toEqual([pending.id, ready.id]);
      expect((await posts.getVisible(ada, pending.id)).status).toBe('processing');
    });

    it('is nobody else’s: not on the profile, Home, Explore, the tag page or by id, signed in or out', async () => {
      const { ada, grace, ready, pending } = getScenario();
      const { posts, feeds } = db().services;
      for (const viewer of [grace, null]) {
        expect(ids(await posts.byAuthor(ada.uid, first, viewer))).toEqual([ready.id]);
        expect(ids(await posts.byTag('campus', first, viewer))).toEqual([ready.id]);
        expect(ids(await feeds.explore(viewer, first))).not.toContain(pending.id);
        expect(await posts.byIds([pending.id, ready.id], viewer)).toEqual([expect.objectContaining({ id: ready.id })]);
        await expect(posts.getVisible(viewer, pending.id)).rejects.toMatchObject({ message: 'Post not found' });
      }
      expect(ids(await feeds.home(grace, first))).toEqual([ready.id]);
    });

    it('cannot be liked or commented on by anyone else, and nothing changes', async () => {
      const { grace, pending } = getScenario();
      const before = await db().snapshot();
      await expect(db().services.likes.like(grace, pending.id)).rejects.toMatchObject({ message: 'Post not found' });
      await expect(db().services.comments.add(grace, pending.id, 'First!')).rejects.toMatchObject({ message: 'Post not found' });
      expect(await db().snapshot()).toEqual(before);
    });
  });

  scenario('delete by someone else is refused and the post, its like and its files stay', async ({ grace, lecture }, db) => {
    const before = await db.snapshot();

    await expect(db.services.posts.delete(grace, lecture.id)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'You can only delete your own posts.',
    });
    expect(await db.snapshot()).toEqual(before);
  });

  scenario(
    'delete by the author removes the post, its likes, its files and its upload, and the count',
    async ({ ada, grace, lecture }, db) => {
      expect(await db.services.posts.delete(ada, lecture.id)).toBe(true);

      await expect(db.services.posts.get(lecture.id)).rejects.toMatchObject({ message: 'Post not found' });
      expect(await db.services.likes.likedBy(grace.uid, [lecture.id])).toEqual(new Set());
      expect((await db.services.users.get(ada.uid)).postCount).toBe(2);
      expect(await db.media.records.get(lecture.uploadId!)).toBeNull();
      expect(await db.media.store.stat(lecture.videoUrl.replace('/media/', ''))).toBeNull();
      expect(await db.media.store.stat(lecture.posterUrl!.replace('/media/', ''))).toBeNull();
    },
  );
});
