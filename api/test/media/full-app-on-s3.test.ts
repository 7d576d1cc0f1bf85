import fs from 'node:fs';
import path from 'node:path';
import { createStudent, graphql, startTestServer, type TestServer } from '../support/test-server';
import { POST_FIELDS, settledPost } from './support/processed-posts';
import { startS3TestServer } from './support/s3-test-server';
import { listBucketKeys } from './support/stored-keys';
import { uploadFile } from './support/tus-requests';

// Real transcodes on a busy 2-core machine: well over a minute at worst.
jest.setTimeout(180_000);

const CLIP = path.resolve(__dirname, '../../../fixtures/media/clips/mandelbrot-zoom.mp4');

/**
 * The whole api configured with S3_* settings, with its own transcoding worker: the same upload,
 * post, transcoding, playback and deletion path, every file in the bucket.
 */
describe('the api with media in an S3-compatible bucket', () => {
  let s3Server: Awaited<ReturnType<typeof startS3TestServer>>;
  let server: TestServer;

  beforeAll(async () => {
    s3Server = await startS3TestServer();
    const { s3 } = s3Server;
    server = await startTestServer({
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      TRANSCODE_WORKERS: '1',
      JOB_POLL_SECONDS: '1',
    });
  });
  afterAll(async () => {
    await server?.close();
    await s3Server?.close();
  });

  /** An object as the bucket holds it, read through the api's own store. */
  const bucketObject = async (key: string): Promise<Buffer> => {
    const copy = await server.app.media.store.localCopy(key);
    try {
      return fs.readFileSync(copy.file);
    } finally {
      await copy.release();
    }
  };

  it('posts an uploaded video, transcodes it into the bucket, plays it by Range from there, and deletes all of it with the post', async () => {
    const student = await createStudent(server);
    const clip = fs.readFileSync(CLIP);
    const { last } = await uploadFile(
      server.url,
      `Bearer ${student.token}`,
      clip,
      { kind: 'video', filename: 'zoom.mp4', filetype: 'video/mp4' },
      2,
    );
    expect(last.status).toBe(204);
    const uploadUrl = last.headers.get('x-media-url')!;
    const keys = listBucketKeys(s3Server.s3);

    // The upload is kept in the bucket as received, under originals/, and never served.
    const upload = await server.app.media.records.findCompleteByPath(uploadUrl.slice('/media/'.length));
    const originalKey = upload!.originalPath!;
    expect(originalKey).toBe(`originals/${uploadUrl.slice('/media/videos/'.length)}`);
    expect(await keys()).toContain(originalKey);
    expect((await bucketObject(originalKey)).equals(clip)).toBe(true);
    expect((await fetch(server.url + uploadUrl)).status).toBe(404);

    const created = await graphql(
      server,
      student.token,
      `mutation ($input: CreatePostInput!) { createPost(input: $input) { ${POST_FIELDS} } }`,
      { input: { videoUrl: uploadUrl } },
    );
    expect(created.errors).toBeUndefined();
    const post = await settledPost(server, student, created.data.createPost.id);
    expect(post).toMatchObject({ status: 'READY', width: 360, height: 640 });
    expect(post.renditions.length).toBeGreaterThan(0);
    expect(post.posterSources.map((source: { type: string }) => source.type)).toEqual(['image/webp', 'image/jpeg']);
    expect(post.videoUrl).toBe(post.renditions[0].url);
    expect(post.posterUrl).toBe(post.posterSources[1].url);

    const served: Array<{ url: string; type: string }> = [
      ...post.renditions.map((rendition: { url: string }) => ({ url: rendition.url, type: 'video/mp4' })),
      ...post.posterSources.map((source: { url: string; type: string }) => ({ url: source.url, type: source.type })),
    ];
    const stored = await keys();
    for (const { url, type } of served) {
      const key = url.slice('/media/'.length);
      expect(stored).toContain(key);
      const object = await bucketObject(key);
      expect(object.length).toBeGreaterThan(200);

      const whole = await fetch(server.url + url);
      expect([url, whole.status, whole.headers.get('content-type')]).toEqual([url, 200, type]);
      expect(Buffer.from(await whole.arrayBuffer()).equals(object)).toBe(true);

      const ranged = await fetch(server.url + url, { headers: { Range: 'bytes=100-199' } });
      expect([url, ranged.status]).toEqual([url, 206]);
      expect(ranged.headers.get('content-range')).toBe(`bytes 100-199/${object.length}`);
      expect(Buffer.from(await ranged.arrayBuffer()).equals(object.subarray(100, 200))).toBe(true);
    }

    const deleted = await graphql(
      server,
      student.token,
      `
        mutation ($id: ID!) {
          deletePost(id: $id)
        }
      `,
      { id: post.id },
    );
    expect(deleted.errors).toBeUndefined();
    const left = await keys();
    for (const key of [originalKey, ...served.map(({ url }) => url.slice('/media/'.length))]) {
      expect([key, left.includes(key)]).toEqual([key, false]);
    }
    for (const { url } of served) expect([url, (await fetch(server.url + url)).status]).toEqual([url, 404]);
  });
});
