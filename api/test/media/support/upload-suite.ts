import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import http from 'node:http';
import { mediaUrlFor, posterPictureFor, renditionPathFor } from '../../../src/infra/media/media-names';
import { ValidationError } from '../../../src/shared/errors';
import { createEmulatorUser, type TestUser } from './emulator-user';
import type { MediaTestApp } from './media-test-app';
import {
  decodes,
  jpegWithGps,
  longClip,
  longRecordingWithoutDuration,
  PARIS,
  phoneClip,
  probeStreams,
  probeTags,
  widePictureClip,
} from './generated-media';
import type { ListStoredKeys } from './stored-keys';
import { createUpload, encodeMetadata, headUpload, patchThenDisconnect, patchUpload, startUpload, uploadFile } from './tus-requests';

const FIXTURES = path.resolve(__dirname, '../../../../fixtures/media');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const MB = 1024 * 1024;
const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

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

    /** The row of a finished video upload; its original is kept under originals/, beside the name it reserved. */
    const finishedVideo = async (mediaUrl: string) => {
      const mediaPath = mediaUrl.slice('/media/'.length);
      const row = await app.media.records.findCompleteByPath(mediaPath);
      expect(row).toMatchObject({ kind: 'video', mediaPath, originalPath: `originals/${mediaPath.slice('videos/'.length)}` });
      return row!;
    };

    /** The bytes the store keeps of a finished video upload: its original, read through the store. */
    const storedOriginal = async (mediaUrl: string): Promise<Buffer> => {
      const copy = await app.media.store.localCopy((await finishedVideo(mediaUrl)).originalPath!);
      try {
        return await fsp.readFile(copy.file);
      } finally {
        await copy.release();
      }
    };

    /**
     * A finished video upload is kept exactly as received (so every byte arrived intact), and
     * nothing is served at its upload's URL: what plays is made from it by transcoding.
     */
    const expectKeptPrivately = async (mediaUrl: string, clip: Buffer) => {
      expect(sha256(await storedOriginal(mediaUrl))).toBe(sha256(clip));
      expect((await fetch(app.baseUrl + mediaUrl)).status).toBe(404);
    };

    it('stores a finished video under its spec name, kept as received and served to no one', async () => {
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
      expect(mediaUrl).toMatch(/^\/media\/videos\/[0-9a-f]{32}\.mp4$/);
      expect(last.headers.get('access-control-expose-headers')).toMatch(/X-Media-Url/i);

      // A client resuming the finished upload learns where the file went.
      const head = await headUpload(uploadUrl, alice.authorization);
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe(String(clip.length));
      expect(head.headers.get('x-media-url')).toBe(mediaUrl);

      // The bytes as received (location and all) wait under originals/ for transcoding; nothing is
      // at the upload's name until a rendition is made, and the original is never served.
      await expectKeptPrivately(mediaUrl, clip);
      const { originalPath } = await finishedVideo(mediaUrl);
      expect(await listKeys()).toContain(originalPath);
      expect(await app.media.store.stat(mediaUrl.slice('/media/'.length))).toBeNull();
      expect((await fetch(app.baseUrl + mediaUrl, { headers: { Range: 'bytes=1000-4999' } })).status).toBe(404);

      // Probed at upload (the post shows its size and length at once); the poster comes with transcoding.
      const facts = await app.media.service.claimVideo(alice.uid, mediaUrl);
      expect(facts).toMatchObject({ videoUrl: mediaUrl, width: 360, height: 640, uploadId: uploadIdOf(uploadUrl), posterUrl: null });
      expect(facts.duration).toBeCloseTo(3, 0);

      // Nothing of the upload is left in the incoming area once it became a media file.
      expect(await keysMentioning(uploadIdOf(uploadUrl))).toEqual([]);
    });

    it('plays a served file back by Range, with a strong ETag, a year of caching and no sniffing', async () => {
      // Profile photos are served right after upload (videos only once transcoded, transcoding.test.ts).
      const { last } = await uploadFile(app.baseUrl, alice.authorization, fixture('avatars/student-01.png'), {
        kind: 'image',
        filename: 'me.png',
        filetype: 'image/png',
      });
      expect(last.status).toBe(204);
      const mediaUrl = last.headers.get('x-media-url')!;

      const whole = await fetch(app.baseUrl + mediaUrl);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-type')).toBe('image/png');
      const etag = whole.headers.get('etag')!;
      expect(etag).toMatch(/^"[^"]+"$/);
      const served = Buffer.from(await whole.arrayBuffer());
      expect(served.length).toBeGreaterThan(2000);
      expect(served.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
      expect(whole.headers.get('content-length')).toBe(String(served.length));

      const ranged = await fetch(app.baseUrl + mediaUrl, { headers: { Range: 'bytes=1000-1999' } });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get('content-range')).toBe(`bytes 1000-1999/${served.length}`);
      expect(ranged.headers.get('content-length')).toBe('1000');
      expect(ranged.headers.get('content-type')).toBe('image/png');
      expect(ranged.headers.get('accept-ranges')).toBe('bytes');
      expect(ranged.headers.get('x-content-type-options')).toBe('nosniff');
      expect(ranged.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await ranged.arrayBuffer()).equals(served.subarray(1000, 2000))).toBe(true);

      const tail = await fetch(app.baseUrl + mediaUrl, { headers: { Range: 'bytes=-100' } });
      expect(tail.status).toBe(206);
      expect(Buffer.from(await tail.arrayBuffer()).equals(served.subarray(served.length - 100))).toBe(true);

      expect((await fetch(app.baseUrl + mediaUrl, { headers: { 'If-None-Match': etag } })).status).toBe(304);
      const beyond = await fetch(app.baseUrl + mediaUrl, { headers: { Range: `bytes=${served.length}-` } });
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get('content-range')).toBe(`bytes */${served.length}`);
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
      await expectKeptPrivately(rest.headers.get('x-media-url')!, clip);
    });

    describe('a PATCH whose Upload-Offset is not where the upload stands gets 409 and changes nothing', () => {
      const offsetOf = async (uploadUrl: string) => {
        const head = await headUpload(uploadUrl, alice.authorization);
        expect(head.status).toBe(200);
        return Number(head.headers.get('upload-offset'));
      };

      /** An upload holding the first half of a clip. */
      const halfUploaded = async (name: string) => {
        const clip = fixture(`clips/${name}`);
        const uploadUrl = await startUpload(app.baseUrl, alice.authorization, {
          kind: 'video',
          filename: name,
          filetype: 'video/mp4',
          length: clip.length,
        });
        const half = Math.floor(clip.length / 2);
        const first = await patchUpload(uploadUrl, alice.authorization, 0, clip.subarray(0, half));
        expect(first.status).toBe(204);
        expect(first.headers.get('upload-offset')).toBe(String(half));
        return { clip, uploadUrl, half };
      };

      /** Sends the rest of the clip from `offset` and checks the stored original is the clip, byte for byte. */
      const finishAndCompare = async (uploadUrl: string, clip: Buffer, offset: number) => {
        const done = await patchUpload(uploadUrl, alice.authorization, offset, clip.subarray(offset));
        expect(done.status).toBe(204);
        await expectKeptPrivately(done.headers.get('x-media-url')!, clip);
      };

      it('refuses a body shorter than the type check at offset 0 when half is stored, then completes intact', async () => {
        const { clip, uploadUrl, half } = await halfUploaded('colour-sweep.mp4');
        for (const body of [clip.subarray(0, 10), Buffer.alloc(0)]) {
          const stale = await patchUpload(uploadUrl, alice.authorization, 0, body);
          expect([body.length, stale.status]).toEqual([body.length, 409]);
          expect(stale.headers.get('upload-offset')).not.toBe('0');
          expect(await offsetOf(uploadUrl)).toBe(half);
        }
        await finishAndCompare(uploadUrl, clip, half);
      });

      it('refuses a full chunk from offset 0 when half is stored', async () => {
        const { clip, uploadUrl, half } = await halfUploaded('color-bars.mp4');
        expect((await patchUpload(uploadUrl, alice.authorization, 0, clip)).status).toBe(409);
        expect(await offsetOf(uploadUrl)).toBe(half);
        await finishAndCompare(uploadUrl, clip, half);
      });

      it('refuses bytes of the wrong type at offset 0 when half is stored, without discarding the upload', async () => {
        const { clip, uploadUrl, half } = await halfUploaded('game-of-life.mp4');
        const stale = await patchUpload(uploadUrl, alice.authorization, 0, fixture('formats/not-a-video.html'));
        expect(stale.status).toBe(409);
        expect(await offsetOf(uploadUrl)).toBe(half);
        expect(await keysMentioning(uploadIdOf(uploadUrl))).not.toEqual([]);
        await finishAndCompare(uploadUrl, clip, half);
      });

      it('refuses a PATCH beyond the stored offset', async () => {
        const { clip, uploadUrl, half } = await halfUploaded('campus-testcard.mp4');
        const ahead = half + 1000;
        expect((await patchUpload(uploadUrl, alice.authorization, ahead, clip.subarray(ahead))).status).toBe(409);
        expect(await offsetOf(uploadUrl)).toBe(half);
        await finishAndCompare(uploadUrl, clip, half);
      });

      it('refuses a first PATCH that does not start at offset 0, however short', async () => {
        const clip = fixture('clips/color-bars.mp4');
        const uploadUrl = await startUpload(app.baseUrl, alice.authorization, {
          kind: 'video',
          filename: 'skipped-start.mp4',
          filetype: 'video/mp4',
          length: clip.length,
        });
        for (const from of [100, clip.length - 8]) {
          expect([from, (await patchUpload(uploadUrl, alice.authorization, from, clip.subarray(from))).status]).toEqual([from, 409]);
          expect(await offsetOf(uploadUrl)).toBe(0);
        }
        await finishAndCompare(uploadUrl, clip, 0);
      });

      it('refuses a PATCH at any offset but the end on a finished upload, which stays as it was', async () => {
        const clip = fixture('clips/color-bars.mp4');
        const { uploadUrl, last } = await uploadFile(app.baseUrl, alice.authorization, clip, {
          kind: 'video',
          filename: 'already-done.mp4',
          filetype: 'video/mp4',
        });
        const mediaUrl = last.headers.get('x-media-url')!;
        expect((await patchUpload(uploadUrl, alice.authorization, 0, clip.subarray(0, 10))).status).toBe(409);
        expect((await patchUpload(uploadUrl, alice.authorization, 0, clip)).status).toBe(409);
        // At the end, the client learns the upload is done and where the file is, as on a HEAD.
        const atEnd = await patchUpload(uploadUrl, alice.authorization, clip.length, Buffer.alloc(0));
        expect(atEnd.status).toBe(204);
        expect(atEnd.headers.get('x-media-url')).toBe(mediaUrl);
        await expectKeptPrivately(mediaUrl, clip);
      });
    });

    it('finishes a fully received upload on the next HEAD when finishing failed the first time', async () => {
      const clip = fixture('clips/color-bars.mp4');
      const store = app.media.store;
      const promoteUpload = store.promoteUpload;
      let failed = 0;
      store.promoteUpload = async (uploadId, storePath, ...rest) => {
        if (!storePath.startsWith('originals/')) return promoteUpload(uploadId, storePath, ...rest);
        store.promoteUpload = promoteUpload; // fail once, like a bucket that is briefly unreachable
        failed += 1;
        throw new Error('store unavailable');
      };
      try {
        const { uploadUrl, last } = await uploadFile(app.baseUrl, alice.authorization, clip, {
          kind: 'video',
          filename: 'second-try.mp4',
          filetype: 'video/mp4',
        });
        expect([failed, last.status]).toEqual([1, 500]);
        const head = await headUpload(uploadUrl, alice.authorization);
        expect(head.status).toBe(200);
        const mediaUrl = head.headers.get('x-media-url')!;
        expect(mediaUrl).toMatch(/^\/media\/videos\/[0-9a-f]{32}\.mp4$/);
        await expectKeptPrivately(mediaUrl, clip);
        expect(await keysMentioning(uploadIdOf(uploadUrl))).toEqual([]);
      } finally {
        store.promoteUpload = promoteUpload;
      }
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
      for (const probe of [
        `/media/.incoming/${id}`,
        `/media/${id}`,
        '/media/%2e%2e/package.json',
        '/media/videos/%2e%2e%2f%2e%2e%2fpackage.json',
        '/media/videos/',
      ]) {
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

    it('refuses a text file renamed .webm with the spec message, and keeps nothing of it', async () => {
      const notes = Buffer.from('Lecture notes, week 3\n'.repeat(200));
      const { uploadUrl, last } = await uploadFile(app.baseUrl, alice.authorization, notes, {
        kind: 'video',
        filename: 'screen-recording.webm',
        filetype: 'video/webm',
      });
      expect([last.status, await last.text()]).toEqual([415, 'Please select a valid video file (MP4, MOV, AVI, WMV)']);
      expect(await keysMentioning(uploadIdOf(uploadUrl))).toEqual([]);
      expect(await app.database.dataSource.query('SELECT 1 FROM uploads WHERE id = $1', [uploadIdOf(uploadUrl)])).toEqual([]);
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
      const rows = await app.database.dataSource.query(`SELECT id FROM uploads WHERE owner_uid = $1 AND file_name = 'stalled.mp4'`, [
        alice.uid,
      ]);
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
      expect(whole.headers.get('x-media-url')).toMatch(/^\/media\/videos\/[0-9a-f]{32}\.mp4$/);
    });

    it('lets the owner cancel an unfinished upload, and answers browser preflights without a token', async () => {
      const uploadUrl = await startUpload(app.baseUrl, alice.authorization, {
        kind: 'video',
        filename: 'changed-my-mind.mp4',
        filetype: 'video/mp4',
        length: 50000,
      });
      expect((await patchUpload(uploadUrl, alice.authorization, 0, fixture('clips/color-bars.mp4').subarray(0, 20000))).status).toBe(204);
      const cancelled = await fetch(uploadUrl, {
        method: 'DELETE',
        headers: { 'Tus-Resumable': '1.0.0', Authorization: alice.authorization },
      });
      expect(cancelled.status).toBe(204);
      expect((await headUpload(uploadUrl, alice.authorization)).status).toBe(404);
      expect(await keysMentioning(uploadIdOf(uploadUrl))).toEqual([]);

      const preflight = await fetch(`${app.baseUrl}/uploads`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://localhost:5173',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization,upload-metadata',
        },
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

    it('accepts MOV, AVI, WMV, WebM, Matroska, 3GP and 3G2 videos and GIF, WebP, PNG and JPEG profile images', async () => {
      const cases: [string, 'video' | 'image', string][] = [
        ['formats/sample.mov', 'video', 'video/quicktime'],
        ['formats/sample.avi', 'video', 'video/x-msvideo'],
        ['formats/sample.wmv', 'video', 'video/x-ms-wmv'],
        ['formats/sample.webm', 'video', 'video/webm'],
        ['formats/sample.mkv', 'video', 'video/x-matroska'],
        ['formats/sample.3gp', 'video', 'video/3gpp'],
        ['formats/sample.3g2', 'video', 'video/3gpp2'],
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
        if (kind === 'image') {
          // A photo is served at once, as the type its bytes showed.
          expect(mediaUrl).toMatch(/^\/media\/profile-images\/[0-9a-f]{32}$/);
          const served = await fetch(app.baseUrl + mediaUrl, { method: 'HEAD' });
          expect([file, served.status, served.headers.get('content-type')]).toEqual([file, 200, type]);
          expect(await app.media.service.claimImage(bob.uid, mediaUrl)).toBe(mediaUrl);
        } else {
          // A video is kept, recorded as the type its bytes showed, for transcoding; a post can use it.
          expect(mediaUrl).toMatch(new RegExp(`^/media/videos/[0-9a-f]{32}\\.${path.extname(file).slice(1)}$`));
          const row = await finishedVideo(mediaUrl);
          expect([file, row.contentType]).toEqual([file, type]);
          expect(sha256(await storedOriginal(mediaUrl))).toBe(sha256(fixture(file)));
          const facts = await app.media.service.claimVideo(bob.uid, mediaUrl);
          expect([file, facts.width! > 0, facts.height! > 0, facts.duration! > 0]).toEqual([file, true, true, true]);
        }
      }
    });

    it('reports the size a viewer sees for a phone video stored sideways, with no poster before transcoding', async () => {
      const clip = fixture('formats/rotated-phone.mp4');
      const { last } = await uploadFile(app.baseUrl, bob.authorization, clip, {
        kind: 'video',
        filename: 'phone.mp4',
        filetype: 'video/mp4',
      });
      expect(last.status).toBe(204);
      const mediaUrl = last.headers.get('x-media-url')!;
      // Stored 320×180 with a quarter turn, as the phone wrote it...
      const copy = await app.media.store.localCopy((await finishedVideo(mediaUrl)).originalPath!);
      try {
        expect(probeStreams(copy.file).streams.find((stream) => stream.codec_type === 'video')).toMatchObject({ width: 320, height: 180 });
      } finally {
        await copy.release();
      }
      // ...reported upright, as a viewer sees it; the poster is cut by transcoding (transcoding.test.ts).
      const facts = await app.media.service.claimVideo(bob.uid, mediaUrl);
      expect(facts).toMatchObject({ width: 180, height: 320, posterUrl: null });
      const stem = mediaUrl.slice('/media/videos/'.length).replace(/\.mp4$/, '');
      expect((await listKeys()).filter((key) => key.startsWith('posters/') && key.includes(stem))).toEqual([]);
    });

    /** A served file, written where ffprobe can read it. */
    const download = async (mediaUrl: string): Promise<{ file: string; bytes: Buffer }> => {
      const bytes = Buffer.from(await (await fetch(app.baseUrl + mediaUrl)).arrayBuffer());
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'campus-served-')), 'served');
      fs.writeFileSync(file, bytes);
      return { file, bytes };
    };

    it('keeps phone videos (MP4 and MOV) exactly as received, location and all, where no URL reaches them', async () => {
      // What is served of a video is made by transcoding, which leaves out location and device:
      // that is shown in transcoding.test.ts. Here: the original, which still has them, stays private.
      for (const container of ['mp4', 'mov'] as const) {
        const clip = phoneClip(container);
        expect(clip.includes(PARIS)).toBe(true);
        const { last } = await uploadFile(app.baseUrl, bob.authorization, clip, {
          kind: 'video',
          filename: `phone.${container}`,
          filetype: container === 'mp4' ? 'video/mp4' : 'video/quicktime',
        });
        expect([container, last.status]).toEqual([container, 204]);
        const mediaUrl = last.headers.get('x-media-url')!;
        await expectKeptPrivately(mediaUrl, clip);
        const name = mediaUrl.slice('/media/videos/'.length);
        for (const probe of [
          mediaUrl,
          `/media/originals/${name}`,
          `/media/videos/%2e%2e/originals/${name}`,
          `/media/videos/..%2Foriginals%2F${name}`,
          `/media/originals%2F${name}`,
        ]) {
          const answer = await fetch(app.baseUrl + probe);
          const body = Buffer.from(await answer.arrayBuffer());
          expect([container, probe, answer.status, body.includes(PARIS)]).toEqual([container, probe, 404, false]);
        }
        // Still a video a post can use: probed at upload.
        const facts = await app.media.service.claimVideo(bob.uid, mediaUrl);
        expect(facts).toMatchObject({ width: 32, height: 32 });
        expect(facts.duration).toBeGreaterThan(0.9);
      }
    });

    it('serves a profile photo without its EXIF block (GPS, make, model), still a JPEG that decodes', async () => {
      const photo = jpegWithGps();
      const { last } = await uploadFile(app.baseUrl, bob.authorization, photo, {
        kind: 'image',
        filename: 'me.jpg',
        filetype: 'image/jpeg',
      });
      expect(last.status).toBe(204);
      const { file, bytes } = await download(last.headers.get('x-media-url')!);
      for (const leak of ['Exif', 'Apple', 'iPhone']) expect([leak, bytes.includes(Buffer.from(leak, 'latin1'))]).toEqual([leak, false]);
      expect(bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
      expect(decodes(file)).toBe(true);
      expect(probeTags(file).streams[0]).toMatchObject({ codec_type: 'video', width: 16 });
    });

    it('refuses a video over 3 minutes and one larger than 4K, keeping nothing', async () => {
      const cases: [Buffer, string, string][] = [
        [longClip(), 'long.mp4', 'This video is longer than 3 minutes. Please choose a shorter clip.'],
        // As a browser's recorder writes it: no duration in the header, only in the packets.
        [longRecordingWithoutDuration(), 'recording.webm', 'This video is longer than 3 minutes. Please choose a shorter clip.'],
        [widePictureClip(), 'wide.mp4', 'This video’s picture is larger than 4K (4096×2160). Please choose a smaller video.'],
      ];
      for (const [clip, filename, message] of cases) {
        const { uploadUrl, last } = await uploadFile(app.baseUrl, alice.authorization, clip, {
          kind: 'video',
          filename,
          filetype: 'video/mp4',
        });
        expect([filename, last.status, await last.text()]).toEqual([filename, 413, message]);
        expect(await keysMentioning(uploadIdOf(uploadUrl))).toEqual([]);
        expect((await listKeys()).filter((key) => key.includes(filename.replace('.mp4', '')))).toEqual([]);
        expect(await app.database.dataSource.query('SELECT 1 FROM uploads WHERE id = $1', [uploadIdOf(uploadUrl)])).toEqual([]);
      }
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
      // The bytes streamed through to the store: memory grew by far less than the 100+ MB sent,
      // within the upload memory target the benchmark holds uploads to (64 MB). RSS also counts
      // chunks let go but not yet collected: on Node 24 it reached 52 MB on a loaded run, past the
      // 50 MB this asserted before; holding the body would show as 100 MB and more.
      expect(baseline).toBeGreaterThan(0);
      expect(peak - baseline).toBeLessThan(64 * MB);
      expect(await keysMentioning(uploadIdOf(uploadUrl))).toEqual([]);
      expect(await app.database.dataSource.query('SELECT 1 FROM uploads WHERE id = $1', [uploadIdOf(uploadUrl)])).toEqual([]);
    });

    it('asks for a signed-in owner on every upload request', async () => {
      const clip = fixture('clips/color-bars.mp4');
      expect((await createUpload(app.baseUrl, null, { kind: 'video', filename: 'a.mp4', filetype: 'video/mp4', length: 10 })).status).toBe(
        401,
      );
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
      const bobDelete = await fetch(uploadUrl, {
        method: 'DELETE',
        headers: { 'Tus-Resumable': '1.0.0', Authorization: bob.authorization },
      });
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
      const [stale, fresh] = [
        await startUpload(app.baseUrl, alice.authorization, options),
        await startUpload(app.baseUrl, alice.authorization, options),
      ];
      expect((await patchUpload(stale, alice.authorization, 0, clip.subarray(0, 20000))).status).toBe(204);
      await app.database.dataSource.query(`UPDATE uploads SET created_at = now() - interval '25 hours' WHERE id = $1`, [uploadIdOf(stale)]);

      expect(await app.media.sweepExpired()).toBeGreaterThanOrEqual(1);
      expect((await headUpload(stale, alice.authorization)).status).toBe(404);
      expect(await keysMentioning(uploadIdOf(stale))).toEqual([]);
      expect((await headUpload(fresh, alice.authorization)).status).toBe(200);
    });

    /** media_files rows of these uploads: what /media would still serve of them. */
    const servedRowsOf = async (uploadIds: string[]) =>
      app.database.dataSource.query('SELECT path FROM media_files WHERE upload_id = ANY($1)', [uploadIds]);

    /**
     * What the transcoding job leaves for a post (a rendition and its posters, made by
     * modules/video-processing), written and listed the way it does; returns their URLs.
     */
    const storeAsTranscoded = async (uploadId: string, mediaUrl: string): Promise<string[]> => {
      const mediaPath = mediaUrl.slice('/media/'.length);
      const original = await app.media.store.localCopy((await finishedVideo(mediaUrl)).originalPath!);
      const poster = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'campus-poster-')), 'poster.jpg');
      fs.writeFileSync(poster, fixture('avatars/student-02.jpg'));
      const files = [
        { path: renditionPathFor(mediaPath, '360p'), file: original.file, contentType: 'video/mp4' },
        { path: posterPictureFor(mediaPath, 360, 640, 'webp'), file: poster, contentType: 'image/webp' },
        { path: posterPictureFor(mediaPath, 360, 640, 'jpg'), file: poster, contentType: 'image/jpeg' },
      ];
      try {
        for (const file of files) await app.media.store.putFile(file.path, file.file, file.contentType);
      } finally {
        await original.release();
      }
      await app.media.records.addServedFiles(
        uploadId,
        files.map(({ path: p, contentType }) => ({ path: p, contentType, width: 360, height: 640 })),
      );
      return files.map((file) => mediaUrlFor(file.path));
    };

    it('keeps a caption file as the WebVTT we wrote from it, serves it once a clip takes it, and deletes it with the clip', async () => {
      const { last: caption } = await uploadFile(
        app.baseUrl,
        alice.authorization,
        Buffer.from('1\r\n00:00:00,500 --> 00:00:01,000\r\n<font color="red">Hi</font> & <i>bye</i>\r\n'),
        { kind: 'caption', filename: 'talk.srt', filetype: 'application/x-subrip' },
      );
      expect(caption.status).toBe(204);
      const captionUrl = caption.headers.get('x-media-url')!;
      const captionPath = captionUrl.slice('/media/'.length);
      expect(await listKeys()).toContain(captionPath);
      // Not anyone's until a post takes it.
      expect((await fetch(app.baseUrl + captionUrl)).status).toBe(404);

      const { last } = await uploadFile(app.baseUrl, alice.authorization, fixture('clips/color-bars.mp4'), {
        kind: 'video',
        filename: 'bars.mp4',
        filetype: 'video/mp4',
      });
      const facts = await app.media.service.claimVideo(alice.uid, last.headers.get('x-media-url')!);
      // Someone else cannot take it.
      await expect(app.media.service.readCaptionUpload(bob.uid, captionUrl, 'captionTracks')).rejects.toBeInstanceOf(ValidationError);
      const upload = await app.media.service.readCaptionUpload(alice.uid, captionUrl, 'captionTracks');
      expect(upload.text).toBe('WEBVTT\n\n00:00:00.500 --> 00:00:01.000\nHi &amp; <i>bye</i>\n');
      await app.database.dataSource.transaction((tx) =>
        app.media.service.attachCaptionUpload(tx, upload, facts.uploadId!, 'captionTracks'),
      );
      const served = await fetch(app.baseUrl + captionUrl);
      expect([served.status, served.headers.get('content-type'), await served.text()]).toEqual([
        200,
        'text/vtt; charset=utf-8',
        upload.text,
      ]);
      // Taken once: a second claim of the same upload finds none.
      await expect(
        app.database.dataSource.transaction((tx) => app.media.service.attachCaptionUpload(tx, upload, facts.uploadId!, 'captionTracks')),
      ).rejects.toBeInstanceOf(ValidationError);

      await app.media.service.deleteUploads([facts.uploadId!]);
      expect((await fetch(app.baseUrl + captionUrl)).status).toBe(404);
      expect(await listKeys()).not.toContain(captionPath);
    });

    it("deletes a post's video with its original, renditions and posters, and all of an account's uploads", async () => {
      const { last } = await uploadFile(app.baseUrl, alice.authorization, fixture('clips/colour-sweep.mp4'), {
        kind: 'video',
        filename: 'sweep.mp4',
        filetype: 'video/mp4',
      });
      const facts = await app.media.service.claimVideo(alice.uid, last.headers.get('x-media-url')!);
      const { originalPath } = await finishedVideo(facts.videoUrl);
      const [renditionUrl, ...posterUrls] = await storeAsTranscoded(facts.uploadId!, facts.videoUrl);
      for (const url of [renditionUrl!, ...posterUrls]) expect([url, (await fetch(app.baseUrl + url)).status]).toEqual([url, 200]);

      // A ready post names its rendition and its JPEG poster.
      await app.media.service.deleteMedia([renditionUrl!, posterUrls[1]!]);
      for (const url of [facts.videoUrl, renditionUrl!, ...posterUrls]) {
        expect([url, (await fetch(app.baseUrl + url)).status]).toEqual([url, 404]);
      }
      expect(await app.media.store.stat(originalPath!)).toBeNull();
      const stem = facts.videoUrl.slice('/media/videos/'.length).replace(/\.mp4$/, '');
      expect((await listKeys()).filter((key) => key.includes(stem))).toEqual([]);
      expect(await servedRowsOf([facts.uploadId!])).toEqual([]);
      expect(await app.database.dataSource.query('SELECT 1 FROM uploads WHERE id = $1', [facts.uploadId])).toEqual([]);

      // A post deleted while still processing names only its upload: the original goes with it.
      const pending = await uploadFile(app.baseUrl, alice.authorization, fixture('clips/color-bars.mp4'), {
        kind: 'video',
        filename: 'not-yet.mp4',
        filetype: 'video/mp4',
      });
      const unprocessed = await app.media.service.claimVideo(alice.uid, pending.last.headers.get('x-media-url')!);
      const unprocessedOriginal = (await finishedVideo(unprocessed.videoUrl)).originalPath!;
      expect(await app.media.store.stat(unprocessedOriginal)).not.toBeNull();
      await app.media.service.deleteUploads([unprocessed.uploadId!]);
      expect(await app.media.store.stat(unprocessedOriginal)).toBeNull();
      expect(await app.database.dataSource.query('SELECT 1 FROM uploads WHERE id = $1', [unprocessed.uploadId])).toEqual([]);

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
      const pendingUpload = await startUpload(app.baseUrl, carol.authorization, {
        kind: 'video',
        filename: 'x.mp4',
        filetype: 'video/mp4',
        length: 999,
      });
      const photoUrl = photo.last.headers.get('x-media-url')!;
      expect((await fetch(app.baseUrl + photoUrl)).status).toBe(200);
      const clipRow = await finishedVideo(clip.last.headers.get('x-media-url')!);
      const clipServed = await storeAsTranscoded(clipRow.id, clip.last.headers.get('x-media-url')!);
      const photoRow = (await app.media.records.findCompleteByPath(photoUrl.slice('/media/'.length)))!;
      // Everything /media serves of carol's photo and clip, whatever sizes were made of them.
      const servedPaths: string[] = (await servedRowsOf([photoRow.id, clipRow.id])).map((row: { path: string }) => row.path);
      expect(servedPaths).toEqual(expect.arrayContaining([photoUrl, ...clipServed].map((url) => url.slice('/media/'.length))));

      await app.media.service.deleteAllOf(carol.uid);
      for (const url of [clip.last.headers.get('x-media-url')!, ...servedPaths.map(mediaUrlFor)]) {
        expect([url, (await fetch(app.baseUrl + url)).status]).toEqual([url, 404]);
      }
      expect((await headUpload(pendingUpload, carol.authorization)).status).toBe(404);
      expect(await app.media.store.stat(clipRow.originalPath!)).toBeNull();
      for (const storePath of servedPaths) expect([storePath, await app.media.store.stat(storePath)]).toEqual([storePath, null]);
      expect((await listKeys()).filter((key) => key.includes(carol.uid) || key.includes(uploadIdOf(pendingUpload)))).toEqual([]);
      expect(await servedRowsOf([photoRow.id, clipRow.id])).toEqual([]);
      expect(await app.database.dataSource.query('SELECT 1 FROM uploads WHERE owner_uid = $1', [carol.uid])).toEqual([]);
    });
  });
}
