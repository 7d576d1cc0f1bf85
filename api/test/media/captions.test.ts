import fs from 'node:fs';
import path from 'node:path';
import { CAPTION_FILE_MESSAGES } from '../../src/infra/media/caption-file';
import { createStudent, graphql, type Student, type TestServer, startTestServer } from '../support/test-server';
import { clipWithSubtitleTrack, plainJpeg } from './support/generated-media';
import { settledPost } from './support/processed-posts';
import { createUpload, uploadFile } from './support/tus-requests';

// A real transcode on a busy 2-core machine: well over a minute at worst.
jest.setTimeout(180_000);

const SPANISH_SRT = '1\r\n00:00:00,300 --> 00:00:01,500\r\n<font color="yellow">Hola</font> desde el <b>laboratorio</b>\r\n';
const TRACKS = `captionTracks { language label url source cues { start end text } }`;

/**
 * Caption tracks through the whole app (issue 28), on real HTTP, PostgreSQL, the Auth emulator and
 * ffmpeg: a caption file is uploaded over tus and checked as it arrives; a post takes it, and the
 * transcoding job adds the clip's own mov_text track; both are served as WebVTT exactly when the
 * clip is (hidden: 404 to all but its author's grant), and deleting the post deletes them.
 */
describe('caption tracks', () => {
  let server: TestServer;
  let author: Student;
  let stranger: Student;
  let post: any;

  const uploadCaption = (student: Student, text: string | Buffer, filename = 'captions.srt', filetype = 'application/x-subrip') =>
    uploadFile(server.url, `Bearer ${student.token}`, Buffer.isBuffer(text) ? text : Buffer.from(text), {
      kind: 'caption',
      filename,
      filetype,
    });

  const readAs = async (student: Student | null, id = post.id) =>
    (await graphql(server, student?.token ?? null, `query($id: ID!) { post(id: $id) { id ${TRACKS} } }`, { id })).data.post;

  beforeAll(async () => {
    // Made before the api starts: making it blocks this process, where the api also runs.
    const clip = clipWithSubtitleTrack();
    server = await startTestServer({ JOB_POLL_SECONDS: '1', TRANSCODE_WORKERS: '1' });
    [author, stranger] = await Promise.all([createStudent(server), createStudent(server)]);

    const { last: video } = await uploadFile(server.url, `Bearer ${author.token}`, clip, {
      kind: 'video',
      filename: 'lab.mp4',
      filetype: 'video/mp4',
    });
    expect(video.status).toBe(204);
    const { last: caption } = await uploadCaption(author, SPANISH_SRT, 'es.srt');
    expect(caption.status).toBe(204);
    const fileUrl = caption.headers.get('x-media-url')!;
    expect(fileUrl).toMatch(/^\/media\/captions\/[0-9a-f]{32}\.vtt$/);
    // A caption upload is nobody's to fetch until a post takes it.
    expect((await fetch(server.url + fileUrl)).status).toBe(404);

    const created = await graphql(
      server,
      author.token,
      `
        mutation ($input: CreatePostInput!) {
          createPost(input: $input) {
            id
          }
        }
      `,
      {
        input: {
          videoUrl: video.headers.get('x-media-url'),
          caption: 'Lab day',
          captionTracks: [{ language: 'es', label: 'Español', fileUrl }],
        },
      },
    );
    expect(created.errors).toBeUndefined();
    expect((await settledPost(server, author, created.data.createPost.id)).status).toBe('READY');
    post = await readAs(author, created.data.createPost.id);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a caption file that is not one as it arrives, with the line to fix, keeping nothing', async () => {
    const refusals: Array<[string, Promise<Response>, number, string]> = [
      [
        'markup',
        uploadCaption(author, 'WEBVTT\n\n00:00.000 --> 00:01.000\n<script>alert(1)</script>\n', 'x.vtt', 'text/vtt').then((r) => r.last),
        415,
        CAPTION_FILE_MESSAGES.markup(4, 'script'),
      ],
      [
        'malformed',
        uploadCaption(author, 'WEBVTT\n\n00:00:01,000 --> 00:00:02.000\nhi\n', 'x.vtt', 'text/vtt').then((r) => r.last),
        415,
        'Line 3 of the caption file: No decimal separator (".") found.',
      ],
      [
        'a picture named .vtt',
        uploadCaption(author, plainJpeg(), 'x.vtt', 'text/vtt').then((r) => r.last),
        415,
        CAPTION_FILE_MESSAGES.wrongType,
      ],
      [
        'over 200 KB',
        createUpload(server.url, `Bearer ${author.token}`, {
          kind: 'caption',
          filename: 'x.vtt',
          filetype: 'text/vtt',
          length: 200 * 1024 + 1,
        }),
        413,
        CAPTION_FILE_MESSAGES.tooLarge,
      ],
      [
        'declared as a picture',
        createUpload(server.url, `Bearer ${author.token}`, { kind: 'caption', filename: 'x.png', filetype: 'image/png', length: 10 }),
        415,
        CAPTION_FILE_MESSAGES.wrongType,
      ],
    ];
    for (const [name, answer, status, message] of refusals) {
      const response = await answer;
      expect([name, response.status, await response.text()]).toEqual([name, status, message]);
    }
    const left = await server.app.database.dataSource.query(`SELECT count(*)::int AS n FROM uploads WHERE kind = 'caption'`);
    expect(left).toEqual([{ n: 0 }]);
  });

  it('plays the uploaded SubRip file and the clip’s own mov_text track as WebVTT beside the renditions, with their cues as text', async () => {
    expect(post.captionTracks.map(({ cues: _cues, url: _url, ...track }: any) => track)).toEqual([
      { language: 'es', label: 'Español', source: 'UPLOAD' },
      { language: 'en', label: 'English', source: 'CLIP' },
    ]);
    const [es, en] = post.captionTracks;
    expect(es.cues).toEqual([{ start: 0.3, end: 1.5, text: 'Hola desde el laboratorio' }]);
    // The clip's second cue ran to 5 s: cut at the clip's end.
    expect(en.cues).toEqual([
      { start: 0.2, end: 1, text: 'Hello from the clip' },
      { start: 1, end: expect.closeTo(2, 1), text: 'Second line' },
    ]);
    for (const [track, body] of [
      [es, /^WEBVTT\n\n00:00:00\.300 --> 00:00:01\.500\nHola desde el <b>laboratorio<\/b>\n$/],
      [
        en,
        /^WEBVTT\n\n00:00:00\.200 --> 00:00:01\.000\nHello from the clip\n\n00:00:01\.000 --> 00:00:0[12]\.\d{3}\n<i>Second<\/i> line\n$/,
      ],
    ] as const) {
      expect(track.url).toMatch(/^\/media\/captions\/[0-9a-f]{32}\.vtt$/);
      const response = await fetch(server.url + track.url);
      expect([response.status, response.headers.get('content-type'), response.headers.get('cache-control')]).toEqual([
        200,
        'text/vtt; charset=utf-8',
        'public, max-age=31536000, immutable',
      ]);
      expect(await response.text()).toMatch(body);
    }
    // Anyone may read them, signed out too, as the clip.
    expect((await readAs(null)).captionTracks.map((track: any) => track.url)).toEqual([es.url, en.url]);
  });

  it('serves the caption files exactly when it serves the clip: hidden, only its author’s grant; suspended author, none; blocked, not read; deleted, gone', async () => {
    const db = server.app.database.dataSource;
    await db.query('UPDATE posts SET hidden_for_review = true WHERE id = $1', [post.id]);
    for (const track of post.captionTracks) expect([track.url, (await fetch(server.url + track.url)).status]).toEqual([track.url, 404]);
    expect(await readAs(stranger)).toBeNull();
    for (const track of (await readAs(author)).captionTracks) {
      expect(track.url).toMatch(/\?access=/);
      expect((await fetch(server.url + track.url)).status).toBe(200);
    }
    await db.query('UPDATE posts SET hidden_for_review = false WHERE id = $1', [post.id]);

    // A suspended author's clip: its captions answer 404 to everyone while the suspension lasts.
    await db.query(`UPDATE users SET suspended_until = now() + interval '1 day' WHERE firebase_uid = $1`, [author.uid]);
    await server.app.announceStanding(author.uid);
    for (const track of post.captionTracks) expect([track.url, (await fetch(server.url + track.url)).status]).toEqual([track.url, 404]);
    await db.query(`UPDATE users SET suspended_until = NULL WHERE firebase_uid = $1`, [author.uid]);
    await server.app.announceStanding(author.uid);
    for (const track of post.captionTracks) expect([track.url, (await fetch(server.url + track.url)).status]).toEqual([track.url, 200]);

    // Blocked: the clip, and with it its tracks and transcript, is not read for them.
    const blocked = await graphql(
      server,
      author.token,
      `
        mutation ($u: ID!) {
          blockUser(userId: $u)
        }
      `,
      { u: stranger.uid },
    );
    expect(blocked.errors).toBeUndefined();
    expect(await readAs(stranger)).toBeNull();

    const deleted = await graphql(
      server,
      author.token,
      `
        mutation ($id: ID!) {
          deletePost(id: $id)
        }
      `,
      { id: post.id },
    );
    expect(deleted.errors).toBeUndefined();
    for (const track of post.captionTracks) {
      expect((await fetch(server.url + track.url)).status).toBe(404);
      expect(fs.existsSync(path.join(server.app.config.mediaDir, track.url.slice('/media/'.length)))).toBe(false);
    }
    expect(await db.query(`SELECT count(*)::int AS n FROM caption_tracks`)).toEqual([{ n: 0 }]);
  });
});
