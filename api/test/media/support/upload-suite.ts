import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import http from 'node:http';
import { ValidationError } from '../../../src/shared/errors';
import { createEmulatorUser, type TestUser } from './emulator-user';
import type { MediaTestApp } from './media-test-app';
import type { ListStoredKeys } from './stored-keys';
import { createUpload, encodeMetadata, headUpload, patchThenDisconnect, patchUpload, startUpload, uploadFile } from './tus-requests';

const FIXTURES = path.resolve(__dirname, '../../../../fixtures/media');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const MB = 1024 * 1024;

export interface SuiteTarget {
  start(): Promise<{ app: MediaTestApp; listKeys: ListStoredKeys; stop(): Promise<void> }>;
}

/** The upload and playback behaviour every media store must show, through real HTTP. */
export function describeUploadSuite(storeName: string, target: SuiteTarget): void {
  describe(`uploads and playback (${storeName})`, () => {
    let app: MediaTestApp;
    let listKeys: ListStoredKeys;
    let stop: () => Promise<void>;
    let alice: TestUser;
    let bob: TestUser;

    beforeAll(async () => {
      ({ app, listKeys, stop } = await target.start());
      [alice, bob] = await Promise.all([createEmulatorUser('alice'), createEmulatorUser('bob')]);
    });
    afterAll(async () => {
      await stop?.();
    });

    const uploadIdOf = (uploadUrl: string) => uploadUrl.split('/').pop()!;
    const keysMentioning = async (id: string) => (await listKeys()).filter((key) => key.includes(id));

    it('stores a finished video under its spec name and plays it back by Range', async () => {
      const clip = fixture('clips/campus-testcard.mp4');
      const { uploadUrl, last } = await uploadFile(
        app.baseUrl,
        alice.authorization,
        clip,
        { kind: 'video', filename: 'Campus tour.mp4', filetype: 'video/mp4' },
        3,
      );
      expect(last.status).toBe(204);
      const mediaUrl = last.headers.get('x-media-url')!;
      expect(mediaUrl).toMatch(/^\/media\/videos\/\d{13}-Campus-tour\.mp4$/);
      expect(last.headers.get('access-control-expose-headers')).toMatch(/X-Media-Url/i);

      // A client resuming the finished upload learns where the file went.
      const head = await headUpload(uploadUrl, alice.authorization);
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe(String(clip.length));
      expect(head.headers.get('x-media-url')).toBe(mediaUrl);

      const ranged = await fetch(app.baseUrl + mediaUrl, { headers: { Range: 'bytes=1000-4999' } });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get('content-range')).toBe(`bytes 1000-4999/${clip.length}`);
      expect(ranged.headers.get('content-type')).toBe('video/mp4');
      expect(ranged.headers.get('accept-ranges')).toBe('bytes');
      expect(ranged.headers.get('x-content-type-options')).toBe('nosniff');
      expect(ranged.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await ranged.arrayBuffer()).equals(clip.subarray(1000, 5000))).toBe(true);

      const tail = await fetch(app.baseUrl + mediaUrl, { headers: { Range: 'bytes=-100' } });
      expect(Buffer.from(await tail.arrayBuffer()).equals(clip.subarray(clip.length - 100))).toBe(true);

      const whole = await fetch(app.baseUrl + mediaUrl);
      expect(whole.status).toBe(200);
      const etag = whole.headers.get('etag')!;
      expect(etag).toMatch(/^"[^"]+"$/);
      expect(Buffer.from(await whole.arrayBuffer()).equals(clip)).toBe(true);
      expect((await fetch(app.baseUrl + mediaUrl, { headers: { 'If-None-Match': etag } })).status).toBe(304);
      expect((await fetch(app.baseUrl + mediaUrl, { headers: { Range: `bytes=${clip.length}-` } })).status).toBe(416);

      const facts = await app.media.service.claimVideo(alice.uid, mediaUrl);
      expect(facts).toMatchObject({ videoUrl: mediaUrl, width: 360, height: 640, uploadId: uploadIdOf(uploadUrl) });
      expect(facts.duration).toBeCloseTo(3, 0);
      expect(facts.posterUrl).toMatch(/^\/media\/posters\/\d{13}-Campus-tour\.jpg$/);
      const poster = await fetch(app.baseUrl + facts.posterUrl!);
      expect(poster.status).toBe(200);
      expect(poster.headers.get('content-type')).toBe('image/jpeg');
      const posterBytes = Buffer.from(await poster.arrayBuffer());
      expect(posterBytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);

      // Nothing of the upload is left in the incoming area once it became a media file.
      expect(await keysMentioning(uploadIdOf(uploadUrl))).toEqual([]);
    });

    it('resumes an upload cut off halfway from the offset the server reports', async () => {
      const clip = fixture('clips/mandelbrot-zoom.mp4');
      const uploadUrl = await startUpload(app.baseUrl, alice.authorization, {
        kind: 'video',
        filename: 'zoom.mp4',
        filetype: 'video/mp4',
        length: clip.length,
      });
      const half = Math.floor(clip.length / 2);
      await patchThenDisconnect(uploadUrl, alice.authorization, clip, half);

      let offset = 0;
      for (let attempt = 0; attempt < 50 && offset === 0; attempt += 1) {
        const head = await headUpload(uploadUrl, alice.authorization);
        expect(head.status).toBe(200);
        expect(head.headers.get('upload-length')).toBe(String(clip.length));
        offset = Number(head.headers.get('upload-offset'));
        if (offset === 0) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(offset).toBeGreaterThan(0);
      expect(offset).toBeLessThanOrEqual(half);

      const rest = await patchUpload(uploadUrl, alice.authorization, offset, clip.subarray(offset));
      expect(rest.status).toBe(204);
      const mediaUrl = rest.headers.get('x-media-url')!;
      const played = Buffer.from(await (await fetch(app.baseUrl + mediaUrl)).arrayBuffer());
      expect(played.equals(clip)).toBe(true);
    });

    it('finishes a fully received upload on the next HEAD when finishing failed the first time', async () => {
      const clip = fixture('clips/color-bars.mp4');
      const store = app.media.store;
      const promote = store.promoteUpload;
      store.promoteUpload = async () => {
        store.promoteUpload = promote; // fail once, like a bucket that is briefly unreachable
        throw new Error('store unavailable');
      };
      const { uploadUrl, last } = await uploadFile(app.baseUrl, alice.authorization, clip, {
        kind: 'video',
        filename: 'second-try.mp4',
        filetype: 'video/mp4',
      });
      expect(last.status).toBe(500);
      const head = await headUpload(uploadUrl, alice.authorization);
      expect(head.status).toBe(200);
      const mediaUrl = head.headers.get('x-media-url')!;
      expect(mediaUrl).toMatch(/^\/media\/videos\/\d{13}-second-try\.mp4$/);
      expect(Buffer.from(await (await fetch(app.baseUrl + mediaUrl)).arrayBuffer()).equals(clip)).toBe(true);
    });

    it('serves nothing but finished media: no unfinished upload, no path outside the media folders', async () => {
      const clip = fixture('clips/color-bars.mp4');
      const uploadUrl = await startUpload(app.baseUrl, alice.authorization, {
        kind: 'video',
        filename: 'half.mp4',
        filetype: 'video/mp4',
        length: clip.length,
      });
      expect((await patchUpload(uploadUrl, alice.authorization, 0, clip.subarray(0, 5000))).status).toBe(204);
      const id = uploadIdOf(uploadUrl);
      for (const probe of [`/media/.incoming/${id}`, `/media/${id}`, '/media/%2e%2e/package.json', '/media/videos/%2e%2e%2f%2e%2e%2fpackage.json', '/media/videos/']) {
        expect([probe, (await fetch(app.baseUrl + probe)).status]).toEqual([probe, 404]);
      }
    });

    it('refuses an HTML page named .mp4 with type video/mp4, and keeps nothing of it', async () => {
      const html = fixture('formats/not-a-video.html');
      const uploadUrl = await startUpload(app.baseUrl, alice.authorization, {
        kind: 'video',
        filename: 'funny-cat.mp4',
        filetype: 'video/mp4',
        length: html.length,
      });
      const refused = await patchUpload(uploadUrl, alice.authorization, 0, html);
      expect(refused.status).toBe(415);
      expect(await refused.text()).toBe('Please select a valid video file (MP4, MOV, AVI, WMV)');
      expect((await headUpload(uploadUrl, alice.authorization)).status).toBe(404);
      expect(await keysMentioning(uploadIdOf(uploadUrl))).toEqual([]);
    });

    it('answers a wrong type as soon as the first bytes arrive, readable before the rest is sent', async () => {
      const page = Buffer.concat([fixture('formats/not-a-video.html'), Buffer.alloc(5 * MB, 32)]);
      const uploadUrl = await startUpload(app.baseUrl, alice.authorization, {
        kind: 'video',
        filename: 'big-page.mp4',
        filetype: 'video/mp4',
        length: page.length,
      });
      const refused = await patchUpload(uploadUrl, alice.authorization, 0, page);
      expect(refused.status).toBe(415);
      expect(await refused.text()).toBe('Please select a valid video file (MP4, MOV, AVI, WMV)');
      // The rest of the chunk is read and dropped rather than the connection cut, so a browser sees the answer.
      expect(refused.headers.get('connection')).not.toBe('close');
      expect(await keysMentioning(uploadIdOf(uploadUrl))).toEqual([]);
    });

    it('refuses wrong bytes sent with the creation request too (creation-with-upload), without waiting for the rest', async () => {
      // The client sends an HTML page's first bytes and then stalls: the answer must not wait for more.
      const html = fixture('formats/not-a-video.html');
      const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = http.request(`${app.baseUrl}/uploads`, {
          method: 'POST',
          headers: {
            'Tus-Resumable': '1.0.0',
            Authorization: alice.authorization,
            'Upload-Length': String(10 * MB),
            'Upload-Metadata': encodeMetadata({ kind: 'video', filename: 'stalled.mp4', filetype: 'video/mp4' }),
            'Content-Type': 'application/offset+octet-stream',
            'Transfer-Encoding': 'chunked',
          },
        });
        request.on('response', (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => {
            request.destroy();
            resolve({ status: response.statusCode!, text });
          });
        });
        request.on('error', reject);
        request.write(html);
      });
      expect(answer).toEqual({ status: 415, text: 'Please select a valid video file (MP4, MOV, AVI, WMV)' });
      const rows = await app.database.dataSource.query(`SELECT id FROM uploads WHERE owner_uid = $1 AND file_name = 'stalled.mp4'`, [alice.uid]);
      expect(rows).toEqual([]);
    });

    it('stores nothing until the first bytes can be checked, then carries on from offset 0', async () => {
      const clip = fixture('clips/color-bars.mp4');
      const uploadUrl = await startUpload(app.baseUrl, alice.authorization, {
        kind: 'video',
        filename: 'slow-start.mp4',
        filetype: 'video/mp4',
        length: clip.length,
      });
      const tiny = await patchUpload(uploadUrl, alice.authorization, 0, clip.subarray(0, 10));
      expect(tiny.status).toBe(204);
      expect(tiny.headers.get('upload-offset')).toBe('0');
      const whole = await patchUpload(uploadUrl, alice.authorization, 0, clip);
      expect(whole.status).toBe(204);
      expect(whole.headers.get('x-media-url')).toMatch(/^\/media\/videos\/\d{13}-slow-start\.mp4$/);
    });

    it('lets the owner cancel an unfinished upload, and answers browser preflights without a token', async () => {
      const uploadUrl = await startUpload(app.baseUrl, alice.authorization, {
        kind: 'video',
        filename: 'changed-my-mind.mp4',
        filetype: 'video/mp4',
        length: 50000,
      });
      expect((await patchUpload(uploadUrl, alice.authorization, 0, fixture('clips/color-bars.mp4').subarray(0, 20000))).status).toBe(204);
      const cancelled = await fetch(uploadUrl, { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0', Authorization: alice.authorization } });
      expect(cancelled.status).toBe(204);
      expect((await headUpload(uploadUrl, alice.authorization)).status).toBe(404);
      expect(await keysMentioning(uploadIdOf(uploadUrl))).toEqual([]);

      const preflight = await fetch(`${app.baseUrl}/uploads`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,upload-metadata' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/i);
      expect(preflight.headers.get('access-control-allow-methods')).toMatch(/PATCH/);
    });

    it('refuses a video offered as a profile image, and a declared non-video type before any byte', async () => {
      const clip = fixture('clips/color-bars.mp4');
      const asImage = await uploadFile(app.baseUrl, alice.authorization, clip.subarray(0, 1024), {
        kind: 'image',
        filename: 'me.png',
        filetype: 'image/png',
      });
      expect(asImage.last.status).toBe(415);
      expect(await asImage.last.text()).toBe('Please select an image file (JPEG, PNG, etc.)');

      const declaredHtml = await createUpload(app.baseUrl, alice.authorization, {
        kind: 'video',
        filename: 'page.html',
        filetype: 'text/html',
        length: 100,
      });
      expect(declaredHtml.status).toBe(415);
      expect(await declaredHtml.text()).toBe('Please select a valid video file (MP4, MOV, AVI, WMV)');
    });

    it('refuses a file whose bytes look right but cannot be decoded', async () => {
      const clip = fixture('clips/colour-sweep.mp4');
      const broken = Buffer.concat([clip.subarray(0, 32), Buffer.alloc(4000, 7)]);
      const { uploadUrl, last } = await uploadFile(app.baseUrl, alice.authorization, broken, {
        kind: 'video',
        filename: 'broken.mp4',
        filetype: 'video/mp4',
      });
      expect(last.status).toBe(415);
      expect(await last.text()).toMatch(/could not be read/);
      expect(await keysMentioning(uploadIdOf(uploadUrl))).toEqual([]);

      // A real header whose frames were cut off: ffprobe is satisfied, but nothing would play.
      const card = fixture('clips/campus-testcard.mp4');
      const headerOnly = card.subarray(0, card.indexOf('mdat') + 200);
      const truncated = await uploadFile(app.baseUrl, alice.authorization, headerOnly, {
        kind: 'video',
        filename: 'cut.mp4',
        filetype: 'video/mp4',
      });
      expect(truncated.last.status).toBe(415);
      expect(await truncated.last.text()).toBe('This video could not be read. It may be damaged; please choose another file.');
      expect((await listKeys()).filter((key) => key.includes('cut'))).toEqual([]);
    });

    it('accepts MOV, AVI and WMV videos and GIF, WebP, PNG and JPEG profile images', async () => {
      const cases: [string, 'video' | 'image', string][] = [
        ['formats/sample.mov', 'video', 'video/quicktime'],
        ['formats/sample.avi', 'video', 'video/x-msvideo'],
        ['formats/sample.wmv', 'video', 'video/x-ms-wmv'],
        ['formats/sample.gif', 'image', 'image/gif'],
        ['formats/sample.webp', 'image', 'image/webp'],
        ['avatars/student-01.png', 'image', 'image/png'],
        ['avatars/student-02.jpg', 'image', 'image/jpeg'],
      ];
      for (const [file, kind, type] of cases) {
        // The declared type is deliberately vague: the bytes decide.
        const { last } = await uploadFile(app.baseUrl, bob.authorization, fixture(file), {
          kind,
          filename: path.basename(file),
          filetype: '',
        });
        expect([file, last.status]).toEqual([file, 204]);
        const mediaUrl = last.headers.get('x-media-url')!;
        if (kind === 'image') expect(mediaUrl).toMatch(new RegExp(`^/media/profile-images/${bob.uid}-\\d{13}$`));
        const served = await fetch(app.baseUrl + mediaUrl, { method: 'HEAD' });
        expect([file, served.headers.get('content-type')]).toEqual([file, type]);
        if (kind === 'image') expect(await app.media.service.claimImage(bob.uid, mediaUrl)).toBe(mediaUrl);
      }
    });

    it('reports the size a viewer sees for a phone video stored sideways, and cuts an upright poster', async () => {
      const { last } = await uploadFile(app.baseUrl, bob.authorization, fixture('formats/rotated-phone.mp4'), {
        kind: 'video',
        filename: 'phone.mp4',
        filetype: 'video/mp4',
      });
      expect(last.status).toBe(204);
      const facts = await app.media.service.claimVideo(bob.uid, last.headers.get('x-media-url')!);
      expect(facts).toMatchObject({ width: 180, height: 320 });
      const poster = Buffer.from(await (await fetch(app.baseUrl + facts.posterUrl!)).arrayBuffer());
      expect(jpegSize(poster)).toEqual({ width: 180, height: 320 });
    });

    it('refuses a declared 100 MB + 1 byte video and a 5 MB + 1 byte image before any byte', async () => {
      const video = await createUpload(app.baseUrl, alice.authorization, {
        kind: 'video',
        filename: 'long.mp4',
        filetype: 'video/mp4',
        length: 100 * MB + 1,
      });
      expect(video.status).toBe(413);
      expect(await video.text()).toBe('File size exceeds 100MB limit');
      const image = await createUpload(app.baseUrl, alice.authorization, {
        kind: 'image',
        filename: 'huge.png',
        filetype: 'image/png',
        length: 5 * MB + 1,
      });
      expect(image.status).toBe(413);
      expect(await image.text()).toBe('Image size should be less than 5MB');
    });

    it('cuts off a streamed video as soon as it passes 100 MB, without holding it in memory', async () => {
      // A client that declared no length and keeps sending: 100 MB + 1 byte crosses the limit, and
      // the 50 MB after it must never be needed for the server to refuse.
      const uploadUrl = await startUpload(app.baseUrl, alice.authorization, {
        kind: 'video',
        filename: 'endless.mp4',
        filetype: 'video/mp4',
        deferLength: true,
      });
      const head = fixture('clips/color-bars.mp4').subarray(0, 64 * 1024);
      const total = 150 * MB;
      let sent = 0;
      // One filler buffer sent again and again, so the client side allocates next to nothing.
      const filler = Buffer.alloc(256 * 1024, 7);
      const body = new Readable({
        read() {
          if (sent >= total) return void this.push(null);
          const piece = sent === 0 ? head : filler.subarray(0, Math.min(filler.length, total - sent));
          sent += piece.length;
          this.push(piece);
        },
      });

      // Memory is compared from the moment the first 8 MB are through (buffers, streams and the
      // store are warm by then) to the peak while the remaining 100+ MB stream past.
      let baseline = 0;
      let peak = 0;
      const sampler = setInterval(() => {
        if (sent < 8 * MB) return;
        const rss = process.memoryUsage().rss;
        if (!baseline) baseline = rss;
        peak = Math.max(peak, rss);
      }, 10);
      let sentWhenRefused = 0;
      const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        let answered = false;
        const request = http.request(uploadUrl, {
          method: 'PATCH',
          headers: {
            'Tus-Resumable': '1.0.0',
            'Upload-Offset': '0',
            'Content-Type': 'application/offset+octet-stream',
            'Transfer-Encoding': 'chunked',
            Authorization: alice.authorization,
          },
        });
        request.on('response', (response) => {
          answered = true;
          sentWhenRefused = sent;
          body.unpipe(request);
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, text }));
          response.on('error', () => resolve({ status: response.statusCode!, text }));
        });
        request.on('error', (error) => {
          if (!answered) reject(error);
        });
        body.pipe(request);
      });
      clearInterval(sampler);
      body.destroy();

      expect(answer).toEqual({ status: 413, text: 'File size exceeds 100MB limit' });
      expect(sentWhenRefused).toBeGreaterThan(100 * MB);
      expect(sentWhenRefused).toBeLessThan(120 * MB);
      // The bytes streamed through to the store: memory grew by far less than the file's size.
      expect(baseline).toBeGreaterThan(0);
      expect(peak - baseline).toBeLessThan(50 * MB);
      expect(await keysMentioning(uploadIdOf(uploadUrl))).toEqual([]);
      expect(await app.database.dataSource.query('SELECT 1 FROM uploads WHERE id = $1', [uploadIdOf(uploadUrl)])).toEqual([]);
    });

    it('asks for a signed-in owner on every upload request', async () => {
      const clip = fixture('clips/color-bars.mp4');
      expect((await createUpload(app.baseUrl, null, { kind: 'video', filename: 'a.mp4', filetype: 'video/mp4', length: 10 })).status).toBe(401);
      expect(
        (await createUpload(app.baseUrl, 'Bearer not-a-token', { kind: 'video', filename: 'a.mp4', filetype: 'video/mp4', length: 10 }))
          .status,
      ).toBe(401);

      const uploadUrl = await startUpload(app.baseUrl, alice.authorization, {
        kind: 'video',
        filename: 'mine.mp4',
        filetype: 'video/mp4',
        length: clip.length,
      });
      expect((await headUpload(uploadUrl, null)).status).toBe(401);
      expect((await headUpload(uploadUrl, bob.authorization)).status).toBe(403);
      expect((await patchUpload(uploadUrl, bob.authorization, 0, clip)).status).toBe(403);
      const bobDelete = await fetch(uploadUrl, { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0', Authorization: bob.authorization } });
      expect(bobDelete.status).toBe(403);

      const done = await patchUpload(uploadUrl, alice.authorization, 0, clip);
      expect(done.status).toBe(204);
      const mediaUrl = done.headers.get('x-media-url')!;
      await expect(app.media.service.claimVideo(bob.uid, mediaUrl)).rejects.toThrow(ValidationError);
      await expect(app.media.service.claimVideo(bob.uid, mediaUrl)).rejects.toMatchObject({
        fields: { videoUrl: 'Please upload your video again: that upload was not found.' },
      });
      await expect(app.media.service.claimVideo(alice.uid, 'https://elsewhere.example/video.mp4')).rejects.toThrow(ValidationError);
      await expect(app.media.service.claimImage(alice.uid, mediaUrl)).rejects.toMatchObject({ fields: { photoURL: expect.any(String) } });
      await expect(app.media.service.claimVideo(alice.uid, mediaUrl)).resolves.toMatchObject({ videoUrl: mediaUrl });
    });

    it('sweeps unfinished uploads older than 24 hours and keeps fresh ones', async () => {
      const clip = fixture('clips/game-of-life.mp4');
      const options = { kind: 'video', filename: 'later.mp4', filetype: 'video/mp4', length: clip.length };
      const [stale, fresh] = [await startUpload(app.baseUrl, alice.authorization, options), await startUpload(app.baseUrl, alice.authorization, options)];
      expect((await patchUpload(stale, alice.authorization, 0, clip.subarray(0, 20000))).status).toBe(204);
      await app.database.dataSource.query(`UPDATE uploads SET created_at = now() - interval '25 hours' WHERE id = $1`, [uploadIdOf(stale)]);

      expect(await app.media.sweepExpired()).toBeGreaterThanOrEqual(1);
      expect((await headUpload(stale, alice.authorization)).status).toBe(404);
      expect(await keysMentioning(uploadIdOf(stale))).toEqual([]);
      expect((await headUpload(fresh, alice.authorization)).status).toBe(200);
    });

    it("deletes a post's video and poster, and all of an account's uploads", async () => {
      const { last } = await uploadFile(app.baseUrl, alice.authorization, fixture('clips/colour-sweep.mp4'), {
        kind: 'video',
        filename: 'sweep.mp4',
        filetype: 'video/mp4',
      });
      const facts = await app.media.service.claimVideo(alice.uid, last.headers.get('x-media-url')!);
      await app.media.service.deleteMedia([facts.videoUrl, facts.posterUrl!]);
      for (const url of [facts.videoUrl, facts.posterUrl!]) {
        expect((await fetch(app.baseUrl + url)).status).toBe(404);
        expect(await keysMentioning(url.replace('/media/', ''))).toEqual([]);
      }

      const carol = await createEmulatorUser('carol');
      const photo = await uploadFile(app.baseUrl, carol.authorization, fixture('avatars/student-03.png'), {
        kind: 'image',
        filename: 'me.png',
        filetype: 'image/png',
      });
      const clip = await uploadFile(app.baseUrl, carol.authorization, fixture('clips/color-bars.mp4'), {
        kind: 'video',
        filename: 'bars.mp4',
        filetype: 'video/mp4',
      });
      const pending = await startUpload(app.baseUrl, carol.authorization, { kind: 'video', filename: 'x.mp4', filetype: 'video/mp4', length: 999 });
      await app.media.service.deleteAllOf(carol.uid);
      expect((await fetch(app.baseUrl + photo.last.headers.get('x-media-url')!)).status).toBe(404);
      expect((await fetch(app.baseUrl + clip.last.headers.get('x-media-url')!)).status).toBe(404);
      expect((await headUpload(pending, carol.authorization)).status).toBe(404);
      expect((await listKeys()).filter((key) => key.includes(carol.uid))).toEqual([]);
      expect(await app.database.dataSource.query('SELECT 1 FROM uploads WHERE owner_uid = $1', [carol.uid])).toEqual([]);
    });
  });
}

/** Width and height from a JPEG's start-of-frame marker. */
function jpegSize(jpeg: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 9 < jpeg.length) {
    if (jpeg[offset] !== 0xff) return null;
    const marker = jpeg[offset + 1]!;
    const length = jpeg.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: jpeg.readUInt16BE(offset + 5), width: jpeg.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}
