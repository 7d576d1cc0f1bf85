import fs from 'node:fs';
import path from 'node:path';
import { createStudent, graphql, rest, startTestServer, type Student, type TestServer } from '../support/test-server';
import { SOURCE_CLIPS } from './support/generated-media';
import { POST_FIELDS, postVideo, settledPost } from './support/processed-posts';

// A real transcode on a busy 2-core machine: well over a minute at worst.
jest.setTimeout(180_000);

/**
 * What /media serves of a post nobody else may see (issue 23, item 12). A <video> request carries
 * no token, so /media decides by the post alone: a post hidden for review or by a suspended
 * author has its files answered with the same 404 as a file that is not there; its author (who
 * still sees the post) and moderators (in the queue) get each URL with a short-lived grant. And a
 * file's name is 128 random bits, nothing of what the student called it.
 */
describe('the files of a post others may not see', () => {
  let server: TestServer;
  let author: Student;
  let stranger: Student;
  let moderator: Student;
  let post: any;
  let uploadUrl: string;
  /** Every file served of the post (renditions and posters), as plain URLs. */
  let files: string[];
  /** What each file holds, fetched while the post was public. */
  const bytes = new Map<string, Buffer>();

  const FILE_NAME = 'Ada Lovelace party at 14 Elm St.mp4';

  beforeAll(async () => {
    // Made before the api starts: making it blocks this process, where the api also runs.
    const clip = SOURCE_CLIPS.noAudio();
    server = await startTestServer({ JOB_POLL_SECONDS: '1', TRANSCODE_WORKERS: '1' });
    [author, stranger, moderator] = await Promise.all([createStudent(server), createStudent(server), createStudent(server)]);
    await server.app.database.dataSource.query(`UPDATE users SET role = 'moderator' WHERE firebase_uid = $1`, [moderator.uid]);
    await server.app.announceStanding(moderator.uid);
    const created = await postVideo(server, author, clip, FILE_NAME);
    uploadUrl = created.uploadUrl;
    post = await settledPost(server, author, created.id);
    expect(post.status).toBe('READY');
    files = [...new Set<string>([post.videoUrl, ...post.renditions.map((r: any) => r.url), ...post.posterSources.map((p: any) => p.url)])];
    for (const url of files) {
      const response = await fetch(server.url + url);
      expect([url, response.status, response.headers.get('cache-control')]).toEqual([url, 200, 'public, max-age=31536000, immutable']);
      bytes.set(url, Buffer.from(await response.arrayBuffer()));
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Status, type and body of a plain GET (no grant), a HEAD and a Range request. */
  async function answersTo(url: string) {
    const get = await fetch(server.url + url);
    const head = await fetch(server.url + url, { method: 'HEAD' });
    const range = await fetch(server.url + url, { headers: { Range: 'bytes=0-99' } });
    return {
      get: [get.status, get.headers.get('content-type'), await get.text()],
      head: head.status,
      range: [range.status, await range.text()],
    };
  }

  /** How /media answers for a file that was never there. */
  const missing = () => answersTo('/media/videos/0123456789abcdef0123456789abcdef-360p.mp4');

  const readAs = async (student: Student) =>
    (await graphql(server, student.token, `query($id: ID!) { post(id: $id) { ${POST_FIELDS} } }`, { id: post.id })).data.post;

  it('names every file with 128 random bits and keeps nothing of the name the file was uploaded with', async () => {
    expect(uploadUrl).toMatch(/^\/media\/videos\/[0-9a-f]{32}\.mp4$/);
    const name = uploadUrl.slice('/media/videos/'.length, -'.mp4'.length);
    for (const url of files) expect(url).toMatch(new RegExp(`^/media/(videos|posters)/${name}-[0-9a-z]+\\.(mp4|jpg|webp)$`));
    // What the store holds of it (original, renditions, posters), under the api's media folder.
    const stored: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(path.join(dir, entry.name));
        else stored.push(path.relative(server.app.config.mediaDir, path.join(dir, entry.name)));
      }
    };
    walk(server.app.config.mediaDir);
    const ours = stored.filter((file) => file.includes(name));
    expect(ours.sort()).toEqual([`originals/${name}.mp4`, ...files.map((url) => url.slice('/media/'.length))].sort());
    // Words with letters beyond a-f: a name of hex digits may spell 'ada' or 'bad' by chance.
    for (const trace of ['Lovelace', 'party', 'Elm', 'St.']) {
      expect([trace, stored.filter((file) => file.toLowerCase().includes(trace.toLowerCase()))]).toEqual([trace, []]);
    }
  });

  it('answers a stranger for a post hidden for review exactly as for a missing file; its author plays it through grants', async () => {
    // Reported, and hidden as enough reports leave it (moderation.test.ts: reporting hides a post).
    const REPORT = `mutation($input: ReportInput!) { report(input: $input) { message } }`;
    expect(
      (await graphql(server, stranger.token, REPORT, { input: { targetType: 'POST', targetId: post.id, reason: 'SPAM' } })).errors,
    ).toBeUndefined();
    await server.app.database.dataSource.query('UPDATE posts SET hidden_for_review = true WHERE id = $1', [post.id]);
    const nothing = await missing();
    expect(nothing.get).toEqual([404, 'text/plain; charset=utf-8', 'Not found']);
    for (const url of files) expect([url, await answersTo(url)]).toEqual([url, nothing]);
    expect(await readAs(stranger)).toBeNull();

    // Its author still sees it, and every URL they are given plays, for them only (no shared cache).
    const own = await readAs(author);
    const granted = [own.videoUrl, ...own.renditions.map((r: any) => r.url), ...own.posterSources.map((p: any) => p.url)];
    for (const url of granted) {
      expect(url).toMatch(/^\/media\/(videos|posters)\/[0-9a-f]{32}-[^?]+\?access=\d+\.[A-Za-z0-9_-]{43}$/);
      const response = await fetch(server.url + url);
      const plain = url.split('?')[0]!;
      expect([plain, response.status]).toEqual([plain, 200]);
      expect(response.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes.get(plain)!)).toBe(true);
      const ranged = await fetch(server.url + url, { headers: { Range: 'bytes=0-99' } });
      expect([ranged.status, (await ranged.arrayBuffer()).byteLength]).toEqual([206, 100]);
    }
    const { posts: restPosts } = (await rest(server, 'GET', `/api/posts/user/${author.uid}`, { token: author.token })).body;
    expect(restPosts.find((p: any) => p._id === post.id).videoUrl).toBe(own.videoUrl);
    expect((await rest(server, 'GET', `/api/posts/user/${author.uid}`, { token: stranger.token })).body.posts).toEqual([]);

    // A grant opens its own file only, and only as given.
    const [video, poster] = [own.videoUrl as string, own.posterUrl as string];
    const grantOf = (url: string) => url.split('access=')[1]!;
    const [expiry, signature] = grantOf(video).split('.');
    for (const forged of [
      `${poster.split('?')[0]}?access=${grantOf(video)}`,
      `${video.split('?')[0]}?access=${Number(expiry) + 3600}.${signature}`,
      `${video.split('?')[0]}?access=${expiry}.${'A'.repeat(43)}`,
      `${video.split('?')[0]}?access=${grantOf(video).slice(0, -1)}`,
    ]) {
      expect([forged, (await fetch(server.url + forged)).status]).toEqual([forged, 404]);
    }

    // Moderators watch it in the queue, through a grant of their own.
    const queue = (
      await graphql(
        server,
        moderator.token,
        `
          {
            moderationQueue {
              targetId
              videoUrl
            }
          }
        `,
      )
    ).data.moderationQueue;
    const queued = queue.find((group: any) => group.targetId === post.id);
    expect(queued.videoUrl).toMatch(/\?access=/);
    expect((await fetch(server.url + queued.videoUrl)).status).toBe(200);
    expect(
      (
        await graphql(
          server,
          stranger.token,
          `
            {
              moderationQueue {
                videoUrl
              }
            }
          `,
        )
      ).errors?.[0]?.extensions?.code,
    ).toBe('FORBIDDEN');

    // Let stand: everyone's again, at the same plain URLs.
    const dismissed = await graphql(
      server,
      moderator.token,
      `
        mutation ($input: ModerateInput!) {
          moderate(input: $input)
        }
      `,
      {
        input: { targetType: 'POST', targetId: post.id, decision: 'DISMISS', note: 'Not spam' },
      },
    );
    expect(dismissed.errors).toBeUndefined();
    for (const url of files) expect([url, (await fetch(server.url + url)).status]).toEqual([url, 200]);
    expect((await readAs(author)).videoUrl).toBe(post.videoUrl);
  });

  it('answers everyone with 404 for a suspended author’s files while the suspension lasts', async () => {
    const MODERATE = `mutation($input: ModerateInput!) { moderate(input: $input) }`;
    const suspend = await graphql(server, moderator.token, MODERATE, {
      input: { targetType: 'USER', targetId: author.uid, decision: 'SUSPEND', note: 'Spam', days: 3 },
    });
    expect(suspend.errors).toBeUndefined();
    const nothing = await missing();
    for (const url of files) expect([url, await answersTo(url)]).toEqual([url, nothing]);

    await graphql(server, moderator.token, MODERATE, {
      input: { targetType: 'USER', targetId: author.uid, decision: 'UNSUSPEND', note: 'Appeal accepted' },
    });
    for (const url of files) expect([url, (await fetch(server.url + url)).status]).toEqual([url, 200]);
  });
});
