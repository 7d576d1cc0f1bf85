import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { startMediaTestApp, type MediaTestApp } from './support/media-test-app';

/**
 * Names are `videos/{timestamp}-{filename}` (spec §7), so two students finishing "clip.mp4" in
 * the same millisecond would want the same name. Each must keep its own file.
 */
const CLIPS = path.resolve(__dirname, '../../../fixtures/media/clips');

let app: MediaTestApp;
beforeAll(async () => {
  app = await startMediaTestApp();
});
afterAll(async () => {
  await app.close();
});

const sha = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

test('videos with the same name finishing at once each keep their own file', async () => {
  const clips = fs.readdirSync(CLIPS).filter((name) => name.endsWith('.mp4')).map((name) => path.join(CLIPS, name));
  expect(clips.length).toBeGreaterThanOrEqual(3);
  const owners = clips.map(() => `same-name-${randomUUID().slice(0, 8)}`);

  // The same millisecond for all of them, every time (the race, not luck, is what is tested).
  const clock = jest.spyOn(Date, 'now').mockReturnValue(1_763_800_000_000);
  const imported = await Promise.all(clips.map((clip, i) => app.media.importFile(owners[i]!, 'video', clip, 'clip.mp4'))).finally(() =>
    clock.mockRestore(),
  );

  const urls = imported.map((media) => media.url);
  expect(new Set(urls).size).toBe(clips.length);
  imported.forEach((media, i) => {
    expect(media.url).toMatch(/^\/media\/videos\/\d+-clip\.mp4$/);
    expect(sha(path.join(app.mediaDir, media.url.replace('/media/', '')))).toBe(sha(clips[i]!));
  });
});
