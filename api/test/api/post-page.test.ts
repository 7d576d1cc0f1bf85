import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createPost } from '../support/scenario';
import { createStudent, startTestServer, type Student, type TestServer } from '../support/test-server';

/**
 * GET /post/:id over plain HTTP, as a chat app's link previewer asks for it (no token, no script):
 * the SPA's index.html with the post's Open Graph and Twitter card tags when a signed-out visitor
 * may see the post, the plain page (still 200: the app shows its not-found screen) otherwise.
 */

/** A web build's index.html as Vite writes it (the generic title and description), standing in for web/dist. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Campus Clips: connect with your campus community through short videos." />
    <title>Campus Clips</title>
    <script src="/app-config.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** What a client can claim about the address it used: a link built on it would point anywhere. */
const FORGED = { 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' };

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const HOSTILE_CAPTION = `He said "hi" & left <script>alert('x')</script>`;
const ESCAPED_CAPTION = 'He said &#34;hi&#34; &#38; left &#60;script&#62;alert(&#39;x&#39;)&#60;/script&#62;';

let webDist: string;
let server: TestServer;
let local: TestServer;
let author: Student;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-post-page-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  server = await startTestServer({ WEB_DIST: webDist, PUBLIC_URL: 'https://clips.example.edu/' });
  local = await startTestServer({ WEB_DIST: webDist, PUBLIC_URL: '' });
  author = await createStudent(server, { displayName: `Ada "Ace" O'Neil` });
});

afterAll(async () => {
  await Promise.all([server?.close(), local?.close()]);
  fs.rmSync(webDist, { recursive: true, force: true });
});

async function page(target: TestServer, postId: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${target.url}/post/${postId}`, { headers: { accept: BROWSER_ACCEPT, ...headers } });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** Every <meta> of the page as [property or name, content], in order. */
function metaTags(html: string): Array<[string, string]> {
  return [...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)].map((match) => [match[1]!, match[2]!]);
}

function meta(html: string, key: string): string | undefined {
  return metaTags(html).find(([name]) => name === key)?.[1];
}

/** Gives the post a poster and three renditions, as a transcoding worker would (the test server skips transcoding). */
async function withMedia(postId: string): Promise<void> {
  const renditions = [
    { url: '/media/videos/clip-720p.mp4', width: 720, height: 1280, maxKbps: 2500 },
    { url: '/media/videos/clip-240p.mp4', width: 240, height: 426, maxKbps: 400 },
    { url: '/media/videos/clip-480p.mp4', width: 480, height: 854, maxKbps: 1200 },
  ];
  await server.app.database.dataSource.query(`UPDATE posts SET poster_url = $2, renditions = $3 WHERE id = $1`, [
    postId,
    '/media/videos/clip-poster-720.jpg',
    JSON.stringify(renditions),
  ]);
}

describe('GET /post/:id', () => {
  it('answers with the post’s preview tags: author, caption, poster, the smallest MP4, absolute on PUBLIC_URL', async () => {
    const post = await createPost(server, author, { caption: 'Sunset over the quad', tags: ['sunset'] });
    await withMedia(post.id);

    const { status, headers, html } = await page(server, post.id);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^text\/html/);
    expect(headers.get('cache-control')).toBe('no-cache');

    const title = 'Ada &#34;Ace&#34; O&#39;Neil on Campus Clips';
    expect(html).toContain(`<title>${title}</title>`);
    expect(metaTags(html)).toEqual([
      ['description', 'Sunset over the quad'],
      ['og:site_name', 'Campus Clips'],
      ['og:type', 'video.other'],
      ['og:title', title],
      ['og:description', 'Sunset over the quad'],
      ['og:url', `https://clips.example.edu/post/${post.id}`],
      ['og:image', 'https://clips.example.edu/media/videos/clip-poster-720.jpg'],
      ['og:video', 'https://clips.example.edu/media/videos/clip-240p.mp4'],
      ['og:video:secure_url', 'https://clips.example.edu/media/videos/clip-240p.mp4'],
      ['og:video:type', 'video/mp4'],
      ['og:video:width', '240'],
      ['og:video:height', '426'],
      ['twitter:card', 'summary_large_image'],
      ['twitter:title', title],
      ['twitter:description', 'Sunset over the quad'],
      ['twitter:image', 'https://clips.example.edu/media/videos/clip-poster-720.jpg'],
    ]);
    // The generic description gave way to the caption; the app itself is untouched.
    expect(html).not.toContain('connect with your campus community');
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script src="/app-config.js"></script>');
  });

  it('escapes a caption with quotes and markup, so it stays text inside its attribute', async () => {
    const post = await createPost(server, author, { caption: HOSTILE_CAPTION, tags: [] });
    const { status, html } = await page(server, post.id);
    expect(status).toBe(200);
    expect(meta(html, 'og:description')).toBe(ESCAPED_CAPTION);
    expect(meta(html, 'twitter:description')).toBe(ESCAPED_CAPTION);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain(`"hi"`);
    // The only scripts are the page's own.
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('without PUBLIC_URL (development), builds its links on the host the request came to, never on forwarded headers', async () => {
    const post = await createPost(local, author, { caption: 'Study break', tags: [] });
    const direct = await page(local, post.id);
    expect(meta(direct.html, 'og:url')).toBe(`${local.url}/post/${post.id}`);
    expect(meta(direct.html, 'og:video')).toMatch(new RegExp(`^${local.url.replace(/\./g, '\\.')}/media/`));

    // Any client can send these (the test client is on loopback, which 'trust proxy' names for client addresses).
    const forged = await page(local, post.id, FORGED);
    expect(meta(forged.html, 'og:url')).toBe(`${local.url}/post/${post.id}`);
    expect(meta(forged.html, 'og:video')).toBe(meta(direct.html, 'og:video'));
    expect(forged.html).not.toContain('attacker.example');
  });

  it('with PUBLIC_URL, ignores forwarded headers too', async () => {
    const post = await createPost(server, author, { caption: 'Forged', tags: [] });
    await withMedia(post.id);
    const { html } = await page(server, post.id, FORGED);
    expect(meta(html, 'og:url')).toBe(`https://clips.example.edu/post/${post.id}`);
    expect(meta(html, 'og:video')).toBe('https://clips.example.edu/media/videos/clip-240p.mp4');
    expect(html).not.toContain('attacker.example');
  });

  it('gives the plain page, still 200, for a post that is not there, not an id, or not for a signed-out visitor', async () => {
    const hidden = await createPost(server, author, { caption: 'Reported a lot', tags: [] });
    await server.app.database.dataSource.query(`UPDATE posts SET hidden_for_review = true WHERE id = $1`, [hidden.id]);
    const processing = await createPost(server, author, { caption: 'Still transcoding', tags: [] });
    await server.app.database.dataSource.query(`UPDATE posts SET status = 'processing' WHERE id = $1`, [processing.id]);

    for (const id of [randomUUID(), 'not-a-post', hidden.id, processing.id]) {
      const { status, html } = await page(server, id);
      expect({ id, status }).toEqual({ id, status: 200 });
      expect(html).toBe(INDEX_HTML);
    }
  });

  it('leaves non-HTML requests alone and serves the template read at start, not the file on disk now', async () => {
    const post = await createPost(server, author, { caption: 'Cached', tags: [] });
    const json = await fetch(`${server.url}/post/${post.id}`, { headers: { accept: 'application/json' } });
    expect(json.status).toBe(404);

    fs.writeFileSync(path.join(webDist, 'index.html'), '<html><head><title>Changed</title></head><body></body></html>');
    try {
      const { html } = await page(server, post.id);
      expect(html).toContain('<div id="root"></div>');
      expect(meta(html, 'og:description')).toBe('Cached');
    } finally {
      fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    }
  });
});
