import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { startMediaTestApp, type MediaTestApp } from './support/media-test-app';

/**
 * Names were `videos/{timestamp}-{filename}` (spec §7), so two students finishing "clip.mp4" in
 * the same millisecond wanted the same name. They are random now, whatever the clock or the file
 * is called; each must still keep its own file.
 */
const CLIPS = path.resolve(__dirname, '../../../fixtures/media/clips');

let app: MediaTestApp;
beforeAll(async () => {
  app = await startMediaTestApp();
});
afterAll(async () => {
  await app.close();
});

test('videos with the same name finishing at once each keep their own file', async () => {
  const clips = fs
    .readdirSync(CLIPS)
    .filter((name) => name.endsWith('.mp4'))
    .map((name) => path.join(CLIPS, name));
  expect(clips.length).toBeGreaterThanOrEqual(3);
  const owners = clips.map(() => `same-name-${randomUUID().slice(0, 8)}`);

  // The same millisecond for all of them, every time (the race, not luck, is what is tested).
  const clock = jest.spyOn(Date, 'now').mockReturnValue(1_763_800_000_000);
  const imported = await Promise.all(clips.map((clip, i) => app.media.importFile(owners[i]!, 'video', clip, 'clip.mp4'))).finally(() =>
    clock.mockRestore(),
  );

  const urls = imported.map((media) => media.url);
  expect(new Set(urls).size).toBe(clips.length);
  const originals: string[] = [];
  for (const [i, media] of imported.entries()) {
    expect(media.url).toMatch(/^\/media\/videos\/[0-9a-f]{32}\.mp4$/);
    // Each keeps its own original (what transcoding reads), byte for byte the file it imported.
    const row = await app.media.records.findCompleteByPath(media.url.slice('/media/'.length));
    expect(row).toMatchObject({ id: media.uploadId, ownerUid: owners[i] });
    originals.push(row!.originalPath!);
    const copy = await app.media.store.localCopy(row!.originalPath!);
    try {
      expect(fs.readFileSync(copy.file).equals(fs.readFileSync(clips[i]!))).toBe(true);
    } finally {
      await copy.release();
    }
  }
  expect(new Set(originals).size).toBe(clips.length);
});
