import fs from 'node:fs';
import path from 'node:path';
import { resolveFfmpegBinaries } from '../../infra/media/ffmpeg-binaries';
import { useScenarios } from '../../../test/support/scenarios';
import { importMediaFile } from './import-media-file';
import { scenarios } from './upload.scenarios';

const { scenario } = useScenarios(scenarios);

const VIDEO_NOT_FOUND = { code: 'BAD_USER_INPUT', fields: { videoUrl: 'Please upload your video again: that upload was not found.' } };
const PHOTO_NOT_FOUND = { code: 'BAD_USER_INPUT', fields: { photoURL: 'Please upload your photo again: that upload was not found.' } };
const CLIP = path.resolve(__dirname, '../../../../fixtures/media/clips/color-bars.mp4');

describe('UploadMediaService', () => {
  scenario("claimVideo gives the stored facts of the student's own finished video", async ({ ada, video }, db) => {
    expect(await db.media.service.claimVideo(ada.uid, video.url!)).toEqual({
      videoUrl: video.url,
      posterUrl: video.posterUrl,
      duration: 4.5,
      width: 720,
      height: 1280,
      uploadId: video.id,
    });
    // The absolute form a browser may send back names the same file.
    expect((await db.media.service.claimVideo(ada.uid, `https://clips.example${video.url}`)).uploadId).toBe(video.id);
  });

  scenario(
    "claimVideo answers anything but one's own finished video as not found, so a guessed URL learns nothing",
    async ({ ada, grace, video, photo, gracesVideo }, db) => {
      const claims = [
        [ada.uid, gracesVideo.url!], // someone else's
        [grace.uid, video.url!],
        [ada.uid, photo.url!], // an image
        [ada.uid, video.posterUrl!], // a poster
        [ada.uid, '/media/videos/1763700000000-never-uploaded.mp4'],
        [ada.uid, '/media/../../etc/passwd'],
        [ada.uid, 'https://elsewhere.example/clip.mp4'],
      ] as const;
      for (const [owner, url] of claims) await expect(db.media.service.claimVideo(owner, url)).rejects.toMatchObject(VIDEO_NOT_FOUND);
    },
  );

  scenario(
    'a clip over 3 minutes (uploaded before that limit) cannot be posted: the upload refusal’s words, and nothing stored',
    async ({ ada }, db) => {
      const long = await db.upload(ada, { durationSeconds: 5 * 60 });
      const before = await db.snapshot();

      await expect(db.services.posts.create(ada, { videoUrl: long.url, caption: 'The whole lecture' })).rejects.toMatchObject({
        code: 'BAD_USER_INPUT',
        fields: { videoUrl: 'This video is longer than 3 minutes. Please choose a shorter clip.' },
      });
      expect(await db.snapshot()).toEqual(before);
    },
  );

  scenario('a video already in a post cannot be claimed for another', async ({ ada, video }, db) => {
    await db.services.posts.create(ada, { videoUrl: video.url });
    await expect(db.media.service.claimVideo(ada.uid, video.url!)).rejects.toMatchObject({
      fields: { videoUrl: 'This video is already in a post. Please upload it again to post it twice.' },
    });
  });

  scenario("claimImage takes only the student's own finished image", async ({ ada, grace, photo, video }, db) => {
    expect(await db.media.service.claimImage(ada.uid, photo.url!)).toBe(photo.url);
    await expect(db.media.service.claimImage(grace.uid, photo.url!)).rejects.toMatchObject(PHOTO_NOT_FOUND);
    await expect(db.media.service.claimImage(ada.uid, video.url!)).rejects.toMatchObject(PHOTO_NOT_FOUND);
  });

  scenario('deleteMedia removes the files and rows behind known URLs and ignores the rest', async ({ video, photo }, db) => {
    await db.media.service.deleteMedia([video.url!, video.posterUrl!, '/media/videos/1-unknown.mp4', 'https://elsewhere.example/x.mp4']);

    expect(await db.media.records.get(video.id)).toBeNull();
    expect(await db.media.store.stat(video.mediaPath!)).toBeNull();
    expect(await db.media.store.stat(video.posterPath!)).toBeNull();
    expect(await db.media.records.get(photo.id)).toMatchObject({ status: 'complete' });
    expect(await db.media.store.stat(photo.mediaPath!)).not.toBeNull();
  });

  scenario(
    "deleteAllOf removes every upload of one student, finished or not, and no one else's",
    async ({ ada, gracesVideo, unfinished }, db) => {
      await db.media.service.deleteAllOf(ada.uid);

      expect(await db.media.records.listByOwner(ada.uid)).toEqual([]);
      expect(await db.media.records.get(unfinished.id)).toBeNull();
      const { mediaFiles } = await db.snapshot();
      expect(mediaFiles.filter((file) => !file.startsWith('.incoming/')).map((file) => file.split(' ')[0])).toEqual([
        gracesVideo.posterPath,
        gracesVideo.mediaPath,
      ]);
    },
  );

  scenario(
    'abandoned',
    'sweepExpired removes unfinished uploads older than 24 hours, anyone’s, and keeps the rest',
    async ({ ada, stale, fresh, finishedLongAgo, gracesStale }, db) => {
      expect(await db.media.service.sweepExpired()).toBe(2);
      expect(await db.media.records.get(stale.id)).toBeNull();
      expect(await db.media.records.get(gracesStale.id)).toBeNull();
      expect((await db.media.records.listByOwner(ada.uid)).map((row) => row.id).sort()).toEqual([fresh.id, finishedLongAgo.id].sort());
      expect(await db.media.service.sweepExpired()).toBe(0);
    },
  );

  scenario(
    'emptyCampus',
    'a real clip, finished as an upload would be, is kept as received (privately) under a random name, for a post to claim',
    async ({ ada }, db) => {
      const imported = await importMediaFile(
        { store: db.media.store, records: db.media.records, binaries: resolveFfmpegBinaries() },
        { ownerUid: ada.uid, kind: 'video', file: CLIP, fileName: 'Color Bars!.mp4' },
      );

      expect(imported.url).toMatch(/^\/media\/videos\/[0-9a-f]{32}\.mp4$/);
      // The poster comes with transcoding (video-processing), not at upload.
      expect(imported.posterUrl).toBeNull();
      const row = await db.media.records.get(imported.uploadId);
      expect(row).toMatchObject({ status: 'complete', contentType: 'video/mp4', ownerUid: ada.uid, width: 360, height: 640 });
      expect(row!.originalPath).toBe(imported.url.replace('/media/videos/', 'originals/'));
      // The bytes as received, where nothing serves them; nothing at the public name.
      const original = await db.media.store.localCopy(row!.originalPath!);
      expect(fs.readFileSync(original.file).equals(fs.readFileSync(CLIP))).toBe(true);
      await original.release();
      expect(await db.media.store.stat(imported.url.replace('/media/', ''))).toBeNull();
      expect(await db.media.records.servedFile(imported.url.replace('/media/', ''))).toBeNull();

      const post = await db.services.posts.create(ada, { videoUrl: imported.url });
      expect(post).toMatchObject({ videoUrl: imported.url, posterUrl: null, uploadId: imported.uploadId, status: 'processing' });
      expect(post.duration).toBeGreaterThan(0);
    },
  );
});
