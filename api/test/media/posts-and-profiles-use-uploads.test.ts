import fs from 'node:fs';
import path from 'node:path';
import { createStudent, graphql, rest, startTestServer, type Student, type TestServer } from '../support/test-server';
import { uploadFile } from './support/tus-requests';
import { settledPost } from './support/processed-posts';

// Real transcodes on a busy 2-core machine: well over a minute at worst.
jest.setTimeout(180_000);

const FIXTURES = path.resolve(__dirname, '../../../fixtures/media');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

const CREATE_POST = `mutation($input: CreatePostInput!) {
  createPost(input: $input) { id videoUrl posterUrl duration width height }
}`;

/** Posts and profiles through the whole api: only the caller's own finished uploads are accepted. */
describe('posts and profiles use only real uploads', () => {
  let server: TestServer;
  let alice: Student;
  let bob: Student;

  beforeAll(async () => {
    server = await startTestServer({ TRANSCODE_WORKERS: '1', JOB_POLL_SECONDS: '1' });
    [alice, bob] = await Promise.all([createStudent(server), createStudent(server)]);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function uploadVideo(student: Student, file = 'clips/campus-testcard.mp4'): Promise<string> {
    const { last } = await uploadFile(server.url, `Bearer ${student.token}`, fixture(file), {
      kind: 'video',
      filename: path.basename(file),
      filetype: 'video/mp4',
    });
    expect(last.status).toBe(204);
    return last.headers.get('x-media-url')!;
  }

  it("refuses another student's upload in createPost (GraphQL and REST), and accepts the owner's", async () => {
    const videoUrl = await uploadVideo(alice);

    const stolen = await graphql(server, bob.token, CREATE_POST, { input: { videoUrl, caption: 'mine now' } });
    expect(stolen.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(stolen.errors?.[0]?.message).toBe('Please upload your video again: that upload was not found.');
    const stolenRest = await rest(server, 'POST', '/api/posts', {
      token: bob.token,
      body: { firebaseUid: bob.uid, videoUrl, caption: 'mine now', tags: '' },
    });
    expect(stolenRest.status).toBe(400);
    expect(stolenRest.body.success).toBe(false);

    const invented = await graphql(server, alice.token, CREATE_POST, { input: { videoUrl: 'https://elsewhere.example/clip.mp4' } });
    expect(invented.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');

    const created = await graphql(server, alice.token, CREATE_POST, { input: { videoUrl, caption: 'Campus tour', tags: ['campus'] } });
    expect(created.errors).toBeUndefined();
    expect(created.data.createPost).toMatchObject({ videoUrl, width: 360, height: 640, posterUrl: null });
    expect(created.data.createPost.duration).toBeCloseTo(3, 0);
    const ready = await settledPost(server, alice, created.data.createPost.id);
    expect(ready).toMatchObject({ status: 'READY', width: 360, height: 640 });
    expect(ready.videoUrl).toMatch(/^\/media\/videos\/[0-9a-f]{32}-360p\.mp4$/);
    expect(ready.posterUrl).toMatch(/^\/media\/posters\/[0-9a-f]{32}-360x640\.jpg$/);
  });

  /** Every URL a ready post serves: renditions and posters. */
  const servedUrls = (post: { renditions: Array<{ url: string }>; posterSources: Array<{ url: string }> }) => [
    ...post.renditions.map((rendition) => rendition.url),
    ...post.posterSources.map((poster) => poster.url),
  ];

  it('deleting a post deletes its renditions, posters and original', async () => {
    const videoUrl = await uploadVideo(alice, 'clips/color-bars.mp4');
    const created = await graphql(server, alice.token, CREATE_POST, { input: { videoUrl } });
    const { id } = created.data.createPost;
    const ready = await settledPost(server, alice, id);
    const served = servedUrls(ready);
    expect(served).toHaveLength(3);
    for (const url of served) expect((await fetch(server.url + url)).status).toBe(200);
    const [upload] = await server.app.database.dataSource.query('SELECT original_path FROM uploads WHERE media_path = $1', [
      videoUrl.slice('/media/'.length),
    ]);
    expect(await server.app.media.store.stat(upload.original_path)).not.toBeNull();

    const deleted = await graphql(
      server,
      alice.token,
      `
        mutation ($id: ID!) {
          deletePost(id: $id)
        }
      `,
      { id },
    );
    expect(deleted.errors).toBeUndefined();
    for (const url of served) expect((await fetch(server.url + url)).status).toBe(404);
    for (const url of served) expect(await server.app.media.store.stat(url.slice('/media/'.length))).toBeNull();
    expect(await server.app.media.store.stat(upload.original_path)).toBeNull();
    expect(
      await server.app.database.dataSource.query('SELECT 1 FROM uploads WHERE media_path = $1', [videoUrl.slice('/media/'.length)]),
    ).toEqual([]);
  });

  it("sets a profile photo only from the student's own image upload", async () => {
    const { last } = await uploadFile(server.url, `Bearer ${alice.token}`, fixture('avatars/student-05.png'), {
      kind: 'image',
      filename: 'me.png',
      filetype: 'image/png',
    });
    const photoURL = last.headers.get('x-media-url')!;
    expect(photoURL).toMatch(/^\/media\/profile-images\/[0-9a-f]{32}$/);

    const UPDATE = `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { photoURL } }`;
    const stolen = await graphql(server, bob.token, UPDATE, { input: { photoURL } });
    expect(stolen.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const own = await graphql(server, alice.token, UPDATE, { input: { photoURL } });
    expect(own.errors).toBeUndefined();
    expect(own.data.updateProfile.photoURL).toBe(photoURL);
    const served = await fetch(server.url + photoURL);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('deleting an account deletes every file its owner uploaded', async () => {
    const carol = await createStudent(server);
    const videoUrl = await uploadVideo(carol, 'clips/game-of-life.mp4');
    const post = await graphql(server, carol.token, CREATE_POST, { input: { videoUrl } });
    const served = servedUrls(await settledPost(server, carol, post.data.createPost.id));
    const unposted = await uploadVideo(carol, 'clips/colour-sweep.mp4');

    const deleted = await graphql(
      server,
      carol.token,
      `
        mutation {
          deleteAccount
        }
      `,
    );
    expect(deleted.errors).toBeUndefined();
    for (const url of [...served, unposted]) expect((await fetch(server.url + url)).status).toBe(404);
    expect(
      await server.app.database.dataSource.query('SELECT 1 FROM media_files WHERE path = ANY($1)', [served.map((u) => u.slice(7))]),
    ).toEqual([]);
    expect(await server.app.database.dataSource.query('SELECT 1 FROM uploads WHERE owner_uid = $1', [carol.uid])).toEqual([]);
  });
});
