import fs from 'node:fs';
import path from 'node:path';
import { useScenarios, type ScenarioDb } from '../../../test/support/scenarios';
import { mediaPathFromUrl } from '../../infra/media/media-names';
import type { Viewer } from '../../shared/viewer';
import { scenarios } from './caption-track.scenarios';

const { scenario } = useScenarios(scenarios);

const ENGLISH = 'WEBVTT\n\n00:00.500 --> 00:02.000\nWelcome to the <b>lab</b>\n\n00:02.000 --> 00:04.000\n<v Grace>Robots!</v>\n';
const SPANISH = '1\n00:00:00,500 --> 00:00:02,000\nBienvenidos al laboratorio\n';

async function captionUpload(db: ScenarioDb, owner: Viewer, text = ENGLISH): Promise<string> {
  return (await db.upload(owner, { kind: 'caption', captionText: text })).url!;
}

function stored(db: ScenarioDb, url: string): boolean {
  return fs.existsSync(path.join(db.media.dir, mediaPathFromUrl(url)!));
}

async function servedRows(db: ScenarioDb, uploadId: string): Promise<Array<{ path: string; content_type: string }>> {
  return db.dataSource.query(`SELECT path, content_type FROM media_files WHERE upload_id = $1 AND path LIKE 'captions/%' ORDER BY path`, [
    uploadId,
  ]);
}

describe('CaptionTrackService', () => {
  scenario(
    'a clip posted with captions in two languages lists both, serves their files as its own, and keeps their cues',
    async ({ grace }, db) => {
      const video = await db.upload(grace, { durationSeconds: 4.5 });
      const [en, es] = [await captionUpload(db, grace), await captionUpload(db, grace, SPANISH)];
      const post = await db.services.posts.create(grace, {
        videoUrl: video.url,
        captionTracks: [
          { language: 'EN', label: '', fileUrl: en },
          { language: 'es', label: 'Español', fileUrl: es },
        ],
      });
      const tracks = db.services.captionTracks.tracksOf(grace, await db.services.posts.get(post.id));
      expect(tracks).toEqual([
        { language: 'en', label: 'English', url: en, source: 'upload', postId: post.id },
        { language: 'es', label: 'Español', url: es, source: 'upload', postId: post.id },
      ]);
      // The files are the clip's: listed under its video upload (served and deleted with it); the caption uploads are used up.
      expect((await servedRows(db, video.id)).map((row) => row.content_type)).toEqual([
        'text/vtt; charset=utf-8',
        'text/vtt; charset=utf-8',
      ]);
      expect(await db.dataSource.query(`SELECT count(*)::int AS n FROM uploads WHERE kind = 'caption'`)).toEqual([{ n: 0 }]);
      expect(await db.services.captionTracks.cuesOf([`${post.id} en`, `${post.id} es`, `${post.id} fr`])).toEqual([
        [
          { start: 0.5, end: 2, text: 'Welcome to the lab' },
          { start: 2, end: 4, text: 'Grace: Robots!' },
        ],
        [{ start: 0.5, end: 2, text: 'Bienvenidos al laboratorio' }],
        [],
      ]);
    },
  );

  scenario(
    'a caption file that runs past the clip, a language twice or another student’s upload stores nothing',
    async ({ ada, grace }, db) => {
      const video = await db.upload(grace, { durationSeconds: 3 });
      const long = await captionUpload(db, grace, 'WEBVTT\n\n00:01.000 --> 00:05.000\ntoo long\n');
      const mine = await captionUpload(db, grace, SPANISH);
      const adas = await captionUpload(db, ada, SPANISH);
      const before = await db.snapshot();
      const attempts: Array<[Array<{ language: string; fileUrl: string }>, string]> = [
        [[{ language: 'en', fileUrl: long }], 'The caption at 0:01 is outside the clip, which is 0:03 long.'],
        [
          [
            { language: 'en', fileUrl: mine },
            { language: 'en-GB', fileUrl: mine },
            { language: 'EN', fileUrl: mine },
          ],
          'Each language can have one caption file; this one is listed twice.',
        ],
        [[{ language: 'en', fileUrl: adas }], 'Please choose the caption file again: that upload was not found.'],
        [[{ language: 'elvish!', fileUrl: mine }], 'Please choose the language of the captions.'],
      ];
      for (const [captionTracks, message] of attempts) {
        await expect(db.services.posts.create(grace, { videoUrl: video.url, captionTracks })).rejects.toMatchObject({
          code: 'BAD_USER_INPUT',
          fields: { captionTracks: message },
        });
      }
      expect(await db.snapshot()).toEqual(before);
    },
  );

  scenario(
    'adding captions in a language the clip has replaces them, file and all; removing deletes the file',
    async ({ grace, post }, db) => {
      const first = await captionUpload(db, grace);
      await db.services.captionTracks.add(grace, post.id, { language: 'en', fileUrl: first });
      const second = await captionUpload(db, grace, 'WEBVTT\n\n00:01.000 --> 00:02.000\nFixed a typo\n');
      const updated = await db.services.captionTracks.add(grace, post.id, { language: 'en', label: 'English (fixed)', fileUrl: second });
      expect(updated.captionTracks).toEqual([{ language: 'en', label: 'English (fixed)', url: second, source: 'upload' }]);
      expect([stored(db, first), stored(db, second)]).toEqual([false, true]);
      expect((await servedRows(db, post.uploadId!)).map((row) => `/media/${row.path}`)).toEqual([second]);

      const removed = await db.services.captionTracks.remove(grace, post.id, 'EN');
      expect(removed.captionTracks).toEqual([]);
      expect(stored(db, second)).toBe(false);
      expect(await servedRows(db, post.uploadId!)).toEqual([]);
      await expect(db.services.captionTracks.remove(grace, post.id, 'en')).rejects.toMatchObject({
        fields: { language: 'This clip has no captions in that language.' },
      });
    },
  );

  scenario('another student can neither add nor remove a clip’s captions; nothing changes', async ({ ada, grace, post }, db) => {
    await db.services.captionTracks.add(grace, post.id, { language: 'en', fileUrl: await captionUpload(db, grace) });
    const adas = await captionUpload(db, ada);
    const before = await db.snapshot();
    const refusal = { code: 'FORBIDDEN', message: 'You can only change the captions of your own posts.' };
    await expect(db.services.captionTracks.add(ada, post.id, { language: 'fr', fileUrl: adas })).rejects.toMatchObject(refusal);
    await expect(db.services.captionTracks.remove(ada, post.id, 'en')).rejects.toMatchObject(refusal);
    expect(await db.snapshot()).toEqual(before);
  });

  scenario('at most 8 languages per clip', async ({ grace, post }, db) => {
    for (const language of ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'sv'])
      await db.services.captionTracks.add(grace, post.id, { language, fileUrl: await captionUpload(db, grace) });
    await expect(
      db.services.captionTracks.add(grace, post.id, { language: 'fi', fileUrl: await captionUpload(db, grace) }),
    ).rejects.toMatchObject({
      fields: { captionTracks: 'A clip can have captions in at most 8 languages.' },
    });
    // Replacing one of the eight is still allowed.
    await db.services.captionTracks.add(grace, post.id, { language: 'sv', fileUrl: await captionUpload(db, grace) });
  });

  scenario('deleting the post deletes its caption files and tracks', async ({ grace, post }, db) => {
    const url = await captionUpload(db, grace);
    await db.services.captionTracks.add(grace, post.id, { language: 'en', fileUrl: url });
    await db.services.posts.delete(grace, post.id);
    expect(stored(db, url)).toBe(false);
    expect(await db.dataSource.query(`SELECT count(*)::int AS n FROM caption_tracks`)).toEqual([{ n: 0 }]);
    expect(await db.dataSource.query(`SELECT count(*)::int AS n FROM media_files WHERE path LIKE 'captions/%'`)).toEqual([{ n: 0 }]);
  });

  scenario(
    'while the clip is hidden for review its author gets caption URLs with a grant, as its video; others the plain URL',
    async ({ ada, grace, post }, db) => {
      const url = await captionUpload(db, grace);
      await db.services.captionTracks.add(grace, post.id, { language: 'en', fileUrl: url });
      await db.dataSource.query(`UPDATE posts SET hidden_for_review = true WHERE id = $1`, [post.id]);
      const hidden = await db.services.posts.get(post.id);
      expect(db.services.captionTracks.tracksOf(grace, hidden)[0]!.url).toMatch(new RegExp(`^${url}\\?access=`));
      expect(db.services.captionTracks.tracksOf(ada, hidden)[0]!.url).toBe(url);
      expect(db.services.captionTracks.tracksOf(null, hidden)[0]!.url).toBe(url);
    },
  );
});
