import fs from 'node:fs';
import path from 'node:path';
import { Upload, type HttpResponse } from 'tus-js-client';
import { createEmulatorUser, type TestUser } from './support/emulator-user';
import { startMediaTestApp, type MediaTestApp } from './support/media-test-app';

const FIXTURES = path.resolve(__dirname, '../../../fixtures/media');

/** The library the web app uses (tus-js-client), driven the way the web app drives it. */
function upload(app: MediaTestApp, user: TestUser, bytes: Buffer, options: { uploadUrl?: string; kind?: string; filename?: string } = {}) {
  return new Promise<{ mediaUrl: string | null; uploadUrl: string | null; lastStatus: number }>((resolve, reject) => {
    const client: Upload = new Upload(bytes, {
      endpoint: `${app.baseUrl}/uploads`,
      uploadUrl: options.uploadUrl,
      chunkSize: 64 * 1024,
      retryDelays: [],
      metadata: { kind: options.kind ?? 'video', filename: options.filename ?? 'clip.mp4', filetype: 'video/mp4' },
      headers: { Authorization: user.authorization },
      onSuccess: ({ lastResponse }: { lastResponse: HttpResponse }) =>
        resolve({ mediaUrl: lastResponse.getHeader('X-Media-Url') ?? null, uploadUrl: client.url, lastStatus: lastResponse.getStatus() }),
      onError: reject,
    });
    client.start();
  });
}

describe("the web app's tus client", () => {
  let app: MediaTestApp;
  let user: TestUser;
  beforeAll(async () => {
    app = await startMediaTestApp();
    user = await createEmulatorUser('webclient');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('uploads in chunks and reads the media URL from the last response', async () => {
    const clip = fs.readFileSync(path.join(FIXTURES, 'clips/game-of-life.mp4'));
    const result = await upload(app, user, clip, { filename: 'life.mp4' });
    expect(result.mediaUrl).toMatch(/^\/media\/videos\/[0-9a-f]{32}\.mp4$/);
    // Every chunk arrived intact: the original kept for transcoding is the clip, byte for byte,
    // and it is not served at the upload's URL (what plays is made from it).
    const row = await app.media.records.findCompleteByPath(result.mediaUrl!.slice('/media/'.length));
    expect(row?.originalPath).toMatch(/^originals\/[0-9a-f]{32}\.mp4$/);
    const original = await app.media.store.localCopy(row!.originalPath!);
    try {
      expect(fs.readFileSync(original.file).equals(clip)).toBe(true);
    } finally {
      await original.release();
    }
    expect((await fetch(app.baseUrl + result.mediaUrl!)).status).toBe(404);

    // Resuming an upload that already finished (the last answer was lost) still yields its URL.
    const again = await upload(app, user, clip, { uploadUrl: result.uploadUrl! });
    expect(again.mediaUrl).toBe(result.mediaUrl);
  });

  it("reports the server's message for a refused file", async () => {
    const html = fs.readFileSync(path.join(FIXTURES, 'formats/not-a-video.html'));
    const failure = (await upload(app, user, html).catch((error: unknown) => error)) as { originalResponse?: HttpResponse };
    expect(failure.originalResponse?.getStatus()).toBe(415);
    expect(failure.originalResponse?.getBody()).toBe('Please select a valid video file (MP4, MOV, AVI, WMV)');
  });
});
