// Issue 14, reporting and moderation end to end, three students in three browsers: Tom reports
// Priya's clip from Explore; Grace, made a moderator with the admin command as a deployment does,
// removes it from /moderation with a note; Priya is told why on Home and the clip has left her feed
// and profile; Tom's feeds no longer have it and its video is no longer served.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createApiStudent, createPost, uploadVideo, waitUntilReady, type ApiStudent } from './support/scenario';
import { expectAccessible } from './support/screens';
import { e2eSettings } from './support/settings';
import { signIn } from './support/students';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const clip = fs.readFileSync(path.join(repoRoot, 'fixtures', 'media', 'clips', 'color-bars.mp4'));
const runFile = promisify(execFile);

const caption = 'Filming people in the dining hall without asking';
const tag = 'dininghallclip';
const reportDetails = 'She films students who asked her to stop, and posts it to mock them.';
const moderatorNote = 'Filming students who asked not to be filmed breaks the community rules.';

test.describe.configure({ mode: 'serial' });

let author: ApiStudent;
let reporter: ApiStudent;
let moderator: ApiStudent;
let reporterContext: BrowserContext;
let reporterPage: Page;
/** Where the clip's video is served, seen from Tom's Explore; it must be gone once removed. */
let clipUrl: string | null = null;
let moderatorApi: ApiInstance | null = null;

test.beforeAll(async ({ browser }, workerInfo) => {
  // The clip is transcoded before anyone but its author sees it.
  test.setTimeout(90_000);
  // A worker that restarts after a failed test runs this again: new addresses then.
  const run = workerInfo.workerIndex;
  author = await createApiStudent('Priya Raman', `priya.raman.${run}@campus.test`);
  reporter = await createApiStudent('Tom Becker', `tom.becker.${run}@campus.test`);
  moderator = await createApiStudent('Grace Moyo', `grace.moyo.${run}@campus.test`);
  const videoUrl = await uploadVideo(author, clip, 'dining-hall.mp4');
  await waitUntilReady(author, await createPost(author, videoUrl, caption, [tag]));
  reporterContext = await browser.newContext();
  reporterPage = await reporterContext.newPage();
});

test.afterAll(async () => {
  await reporterContext?.close();
  await moderatorApi?.stop();
});

/** The card of Priya's clip on whatever feed the page shows. */
function reportedPost(page: Page) {
  return page.getByRole('article').filter({ hasText: caption });
}

test("Tom finds Priya's clip in Explore and reports it: a reason, details, then the thank-you", async () => {
  const page = reporterPage;
  await signIn(page, reporter);
  await page.getByRole('link', { name: 'Explore' }).first().click();
  await expect(page.getByRole('heading', { name: 'Explore New Content' })).toBeVisible();
  const card = reportedPost(page);
  const video = card.getByLabel(`Video by ${author.name}`);
  await expect(video).toBeVisible();
  clipUrl = await video.getAttribute('src');
  expect(clipUrl).toMatch(/^\/media\/videos\/[^/]+-\d+p\.mp4$/);
  expect((await page.request.get(clipUrl!, { headers: { Range: 'bytes=0-99' } })).status()).toBe(206);

  await card.getByRole('button', { name: 'Report post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report' });
  await expect(dialog.getByRole('group', { name: 'Why are you reporting this post?' })).toBeVisible();
  const send = dialog.getByRole('button', { name: 'Send report' });
  await expect(send).toBeDisabled(); // a reason is required
  await dialog.getByRole('radio', { name: 'Harassment or bullying' }).check();
  await dialog.getByLabel('Details (optional)').fill(reportDetails);
  await expect(dialog.getByText(`${reportDetails.length} / 1,000 characters`)).toBeVisible();
  await expectAccessible(page, 'report-dialog');
  await send.click();

  await expect(dialog.getByRole('status')).toHaveText(
    'Thank you for telling us. Our moderators will review it. You can also block this account.',
  );
  await expect(dialog.getByRole('button', { name: `Block ${author.name}` })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  // One report does not hide a clip (three different students' do): it stays until a moderator decides.
  await page.reload();
  await expect(reportedPost(page).getByLabel(`Video by ${author.name}`)).toBeVisible();
});

test('Grace, made a moderator with the admin command, removes the clip from /moderation with a note', async ({ browser }) => {
  // The admin command and a second api process start here: more than a minute on a busy 2-core machine.
  test.slow();
  // `npm run admin -- grant moderator <email>` on this run's database. Without Redis (as here) the
  // running api learns the new role only when it starts again, so Grace is served by an api
  // instance started after the grant: the same database, media folder and web build.
  const env = apiEnvironment();
  const grant = ['grant', 'moderator', moderator.email];
  const { stdout } = await runFile(process.execPath, [path.join(repoRoot, 'api', 'dist', 'admin-cli.js'), ...grant], {
    cwd: repoRoot,
    env,
  });
  expect(stdout).toContain(`admin: ${moderator.email} is now a moderator`);
  moderatorApi = await startApiInstance(env);

  const context = await browser.newContext({ baseURL: moderatorApi.url });
  try {
    const page = await context.newPage();
    await signIn(page, moderator);
    await page.getByRole('link', { name: 'Moderation', exact: true }).first().click();
    await expect(page.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();

    // The report, grouped under what it reports: who wrote it, why and by how many, the clip itself.
    const group = page.getByRole('article', { name: `Post by ${author.name}` });
    await expect(group).toBeVisible();
    await expect(group.getByText('Reported by 1 student', { exact: true })).toBeVisible();
    await expect(group.getByText('Harassment or bullying', { exact: true })).toBeVisible();
    await expect(group.getByText(`“${reportDetails}”`)).toBeVisible();
    await expect(group.getByText(caption, { exact: true })).toBeVisible();
    await expect(group.getByLabel(`Reported video by ${author.name}`)).toBeVisible();
    await expect(group.getByRole('link', { name: author.name })).toBeVisible();
    await expect(group.getByText('No earlier decisions.')).toBeVisible();
    await expectAccessible(page, 'moderation');

    await group.getByRole('button', { name: 'Remove', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this post?' });
    const remove = dialog.getByRole('button', { name: 'Remove', exact: true });
    // The author is told why, so a note is required.
    await remove.click();
    await expect(dialog.getByText('Please say why (the author is told)')).toBeVisible();
    await dialog.getByLabel('Why? The author is told.').fill(moderatorNote);
    await expectAccessible(page, 'moderate-dialog');
    await remove.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Removed. The author is told why.' })).toBeVisible();
    await expect(group).toHaveCount(0);

    await page.reload(); // decided on the server: the group has left the queue
    await expect(page.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
    await expect(page.getByText('Loading reports')).toHaveCount(0);
    await expect(page.getByRole('article', { name: `Post by ${author.name}` })).toHaveCount(0);
  } finally {
    await context.close();
    await moderatorApi.stop();
    moderatorApi = null;
  }
});

test('Priya signs in and is told why; the clip has left her feed and her profile', async ({ browser }) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, author);
    const notices = page.getByRole('status', { name: 'Messages from the moderators' });
    const notice = `A moderator removed your post: ${moderatorNote}`;
    await expect(notices.getByText(notice, { exact: true })).toBeVisible();
    await expect(page.getByText('No posts from people you follow yet.')).toBeVisible(); // her only post is gone
    await expect(reportedPost(page)).toHaveCount(0);
    await expectAccessible(page, 'home-moderation-notice');

    // Dismissed, the notice stays away.
    await notices.getByRole('button', { name: `Dismiss: ${notice}` }).click();
    await expect(notices).toHaveCount(0);
    await page.reload();
    await expect(page.getByText('No posts from people you follow yet.')).toBeVisible();
    await expect(page.getByText(notice)).toHaveCount(0);

    await page.getByRole('link', { name: 'Profile' }).first().click();
    await expect(page.getByRole('heading', { name: author.name, level: 1 })).toBeVisible();
    await expect(page.getByText('0 Posts')).toBeVisible();
    await expect(page.getByText('No posts yet.')).toBeVisible();
    await expect(page.getByText(caption)).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('Tom no longer finds the clip in Explore or under its tag, and its video is no longer served', async () => {
  const page = reporterPage;
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Explore New Content' })).toBeVisible();
  // Wait for the feed itself (other files' posts may be there) before looking for what is not.
  await expect(page.getByRole('article').first().or(page.getByText('No new posts to explore.'))).toBeVisible();
  await expect(reportedPost(page)).toHaveCount(0);

  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page.getByRole('heading', { name: 'Your Feed' })).toBeVisible();
  await expect(page.getByText('No posts from people you follow yet.')).toBeVisible();

  await page.goto(`/tags/${tag}`);
  await expect(page.getByText(`No posts tagged #${tag} yet.`)).toBeVisible();
  expect(clipUrl).toBeTruthy();
  expect((await page.request.get(clipUrl!)).status()).toBe(404);

  // The queue is for moderators only.
  await page.goto('/moderation');
  await expect(page.getByText('Only moderators can see this page.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Moderation', exact: true })).toHaveCount(0);
});

interface ApiInstance {
  url: string;
  stop(): Promise<void>;
}

/** The settings global-setup.ts starts the api with: this run's database, emulator, media folder and web build. */
function apiEnvironment(): NodeJS.ProcessEnv {
  const { databaseName } = JSON.parse(fs.readFileSync(e2eSettings.stateFile, 'utf8')) as { databaseName: string };
  const databaseUrl = new URL(e2eSettings.adminDatabaseUrl);
  databaseUrl.pathname = `/${databaseName}`;
  return {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl.toString(),
    FIREBASE_AUTH_EMULATOR_HOST: e2eSettings.authEmulatorHost,
    REDIS_URL: '',
    SEED_DEMO: 'false',
    MEDIA_DIR: e2eSettings.mediaDir,
    WEB_DIST: e2eSettings.webDist,
    LOG_LEVEL: 'warn',
  };
}

/**
 * Another api process on a free port, leaving the transcoding to the run's own api. It stops with
 * stop(), and by itself when this test worker goes away (its stdin closes), so a killed run leaves
 * nothing listening.
 */
async function startApiInstance(env: NodeJS.ProcessEnv): Promise<ApiInstance> {
  const { freePort } = (await import(pathToFileURL(path.join(repoRoot, 'scripts', 'emulator.mjs')).href)) as {
    freePort: () => Promise<number>;
  };
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const stopWithParent = "process.stdin.on('close',()=>process.kill(process.pid,'SIGTERM'));process.stdin.resume();";
  const child = spawn(
    process.execPath,
    ['--import', `data:text/javascript,${stopWithParent}`, path.join(repoRoot, 'api', 'dist', 'main.js')],
    {
      cwd: repoRoot,
      stdio: ['pipe', 'ignore', 'pipe'],
      env: { ...env, PORT: String(port), PUBLIC_URL: url, TRANSCODE_WORKERS: '0' },
    },
  );
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The moderator's api exited early (code ${child.exitCode}):\n${errors.slice(-3000)}`);
    try {
      if ((await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) })).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`The moderator's api did not become ready on ${url} within 60 s:\n${errors.slice(-3000)}`);
}
