import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveFfmpegBinaries } from '../../src/infra/media/ffmpeg-binaries';
import { createStudent, graphql, startTestServer, type Student, type TestServer } from '../support/test-server';
import { jpegWithGps, probeStreams } from './support/generated-media';
import { download } from './support/processed-posts';
import { uploadFile } from './support/tus-requests';

// Real transcodes on a busy 2-core machine: well over a minute at worst.
jest.setTimeout(180_000);

/** A w×h JPEG (a photo taken on its side when `orientation` is 6), made with ffmpeg. */
function photo(width: number, height: number): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-photo-'));
  try {
    const file = path.join(dir, 'photo.jpg');
    execFileSync(resolveFfmpegBinaries().ffmpeg, [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=s=${width}x${height}:d=1`,
      '-frames:v',
      '1',
      file,
    ]);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The EXIF block of jpegWithGps (orientation, GPS, make) put into another JPEG. */
function withExif(jpeg: Buffer, orientation: number): Buffer {
  const exifSource = jpegWithGps(orientation);
  const app1Length = exifSource.readUInt16BE(4);
  const app1 = exifSource.subarray(2, 4 + app1Length);
  return Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
}

const PHOTO = `{ viewer { photoURL photoSources { url type width height } } }`;

describe('profile photos in the sizes screens use', () => {
  let server: TestServer;
  let ada: Student;

  beforeAll(async () => {
    server = await startTestServer();
    ada = await createStudent(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function setPhoto(bytes: Buffer, filename: string, filetype: string) {
    const { last } = await uploadFile(server.url, `Bearer ${ada.token}`, bytes, { kind: 'image', filename, filetype });
    expect(last.status).toBe(204);
    const photoURL = last.headers.get('x-media-url')!;
    const updated = await graphql(
      server,
      ada.token,
      `
        mutation ($p: String) {
          updateProfile(input: { photoURL: $p }) {
            id
          }
        }
      `,
      { p: photoURL },
    );
    expect(updated.errors).toBeUndefined();
    return (await graphql(server, ada.token, PHOTO)).data.viewer;
  }

  it('makes WebP and JPEG copies at 96 and 320 pixels on the short side, never larger than the photo (then its own size)', async () => {
    const viewer = await setPhoto(photo(800, 600), 'me.jpg', 'image/jpeg');
    expect(viewer.photoSources.map((s: any) => `${s.width}x${s.height} ${s.type}`)).toEqual([
      '128x96 image/webp',
      '128x96 image/jpeg',
      '427x320 image/webp',
      '427x320 image/jpeg',
    ]);
    for (const source of viewer.photoSources) {
      const served = await download(server, source.url);
      expect([served.status, served.contentType]).toEqual([200, source.type]);
      expect(probeStreams(served.file).streams[0]).toMatchObject({ width: source.width, height: source.height });
    }

    const small = await setPhoto(
      fs.readFileSync(path.resolve(__dirname, '../../../fixtures/media/avatars/student-05.png')),
      'a.png',
      'image/png',
    );
    expect(small.photoSources.map((s: any) => `${s.width}x${s.height}`)).toEqual(['96x96', '96x96', '128x128', '128x128']);
  });

  it('turns a photo taken on its side upright, and keeps no GPS or camera in any copy', async () => {
    // Stored 400×300 with Orientation 6: the phone was upright, the picture is 300 wide and 400 high.
    const viewer = await setPhoto(withExif(photo(400, 300), 6), 'upright.jpg', 'image/jpeg');
    expect(viewer.photoSources.map((s: any) => `${s.width}x${s.height}`)).toEqual(['96x128', '96x128', '300x400', '300x400']);
    for (const source of viewer.photoSources) {
      const served = await download(server, source.url);
      const text = served.bytes.toString('latin1');
      for (const leak of ['Apple', 'iPhone', 'Exif']) expect(text).not.toContain(leak);
      expect(probeStreams(served.file).streams[0]).toMatchObject({ width: source.width, height: source.height });
    }
  });

  it('refuses a picture larger than 8192 pixels on a side, keeping nothing', async () => {
    const { last } = await uploadFile(server.url, `Bearer ${ada.token}`, photo(8200, 16), {
      kind: 'image',
      filename: 'wide.jpg',
      filetype: 'image/jpeg',
    });
    expect(last.status).toBe(413);
    expect(await last.text()).toBe('This image is larger than 8192×8192 pixels. Please choose a smaller image.');
  });
});
