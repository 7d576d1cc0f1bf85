import fs from 'node:fs';
import path from 'node:path';
import { createStudent, graphql, startTestServer, type TestServer } from '../support/test-server';
import { startS3TestServer } from './support/s3-test-server';
import { listBucketKeys } from './support/stored-keys';
import { uploadFile } from './support/tus-requests';

const CLIP = path.resolve(__dirname, '../../../fixtures/media/clips/mandelbrot-zoom.mp4');

/** The whole api configured with S3_* settings: the same upload, post, playback and deletion path. */
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
    });
  });
  afterAll(async () => {
    await server?.close();
    await s3Server?.close();
  });

  it('posts an uploaded video, plays it by Range from the bucket, and deletes it with the post', async () => {
    const student = await createStudent(server);
    const clip = fs.readFileSync(CLIP);
    const { last } = await uploadFile(server.url, `Bearer ${student.token}`, clip, { kind: 'video', filename: 'zoom.mp4', filetype: 'video/mp4' }, 2);
    const videoUrl = last.headers.get('x-media-url')!;
    const keys = listBucketKeys(s3Server.s3);
    expect(await keys()).toContain(videoUrl.slice('/media/'.length));

    const created = await graphql(server, student.token, `mutation($input: CreatePostInput!) { createPost(input: $input) { id posterUrl } }`, {
      input: { videoUrl },
    });
    expect(created.errors).toBeUndefined();
    const { id, posterUrl } = created.data.createPost;

    const ranged = await fetch(server.url + videoUrl, { headers: { Range: 'bytes=100-199' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(clip.subarray(100, 200))).toBe(true);
    expect((await fetch(server.url + posterUrl)).headers.get('content-type')).toBe('image/jpeg');

    await graphql(server, student.token, `mutation($id: ID!) { deletePost(id: $id) }`, { id });
    const left = await keys();
    expect(left).not.toContain(videoUrl.slice('/media/'.length));
    expect(left).not.toContain(posterUrl.slice('/media/'.length));
  });
});
