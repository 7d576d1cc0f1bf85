// Every uploaded video is transcoded before anyone else sees its post: the clips students' phones
// and old cameras make (HEVC 10-bit with a rotation and a location, AVI, WMV, variable frame rate,
// no sound, 10-bit H.264) play in Chromium from an H.264 rendition, the right way up, and the
// original upload is never served. Its author sees 'Processing…' with a progress bar meanwhile.
// The clips are made here with the system ffmpeg (tiny: 2 s at 320x240 or smaller).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { expectProcessing } from './support/processing';
import { createApiStudent, createPost, follow, graphql, uploadVideo, waitUntilReady, type ApiStudent } from './support/scenario';
import { expectAccessible } from './support/screens';
import { signIn } from './support/students';

const runFile = promisify(execFile);
const ffmpeg = (args: string[]) => runFile('ffmpeg', ['-v', 'error', '-nostdin', '-y', ...args]);

const SECONDS = 2;
const picture = (size: string, rate = 30) => ['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${rate}:duration=${SECONDS}`];
const tone = ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${SECONDS}`];

interface Clip {
  title: string;
  file: string;
  type: string;
  caption: string;
  tag: string;
  /** Shown taller than wide once turned the way it was filmed. */
  portrait: boolean;
  /** ffmpeg runs (argument lists) that write the clip, in order; `dir` is the temporary folder. */
  make: (dir: string) => string[][];
}

const clips: Clip[] = [
  {
    title: 'an iPhone clip (HEVC 10-bit .mov, turned 90°, with a location)',
    file: 'IMG_0042.mov',
    type: 'video/quicktime',
    caption: 'Eiffel tower from the bus, filmed upright',
    tag: 'iphoneclip',
    portrait: true,
    make: (dir) => [
      [
        ...picture('320x180'),
        ...tone,
        ...['-c:v', 'libx265', '-x265-params', 'log-level=error', '-pix_fmt', 'yuv420p10le', '-tag:v', 'hvc1', '-c:a', 'aac'],
        ...['-metadata', 'location=+48.8584+002.2945/', '-movflags', 'use_metadata_tags', '-f', 'mov', path.join(dir, 'unrotated.mov')],
      ],
      [
        ...['-i', path.join(dir, 'unrotated.mov'), '-c', 'copy', '-map_metadata', '0', '-movflags', 'use_metadata_tags'],
        ...['-metadata:s:v:0', 'rotate=90', '-f', 'mov', path.join(dir, 'IMG_0042.mov')],
      ],
    ],
  },
  {
    title: 'an AVI (MPEG-4 Part 2 and PCM sound)',
    file: 'camcorder.avi',
    type: 'video/x-msvideo',
    caption: 'Old camcorder footage of the quad',
    tag: 'aviclip',
    portrait: false,
    make: (dir) => [
      [...picture('320x240', 25), ...tone, '-c:v', 'mpeg4', '-c:a', 'pcm_s16le', '-f', 'avi', path.join(dir, 'camcorder.avi')],
    ],
  },
  {
    title: 'a WMV (WMV2 and WMA2 in ASF)',
    file: 'lecture.wmv',
    type: 'video/x-ms-wmv',
    caption: 'Lecture recording from the old lab PC',
    tag: 'wmvclip',
    portrait: false,
    make: (dir) => [[...picture('320x240', 25), ...tone, '-c:v', 'wmv2', '-c:a', 'wmav2', '-f', 'asf', path.join(dir, 'lecture.wmv')]],
  },
  {
    title: 'a variable-frame-rate MP4',
    file: 'variable-rate.mp4',
    type: 'video/mp4',
    caption: 'Screen recording with dropped frames',
    tag: 'vfrclip',
    portrait: false,
    make: (dir) => [
      [
        ...picture('320x240'),
        ...['-vf', "select='lt(mod(n\\,10)\\,4)+gt(n\\,40)'", '-fps_mode', 'vfr', '-an'],
        ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', path.join(dir, 'variable-rate.mp4')],
      ],
    ],
  },
  {
    title: 'an MP4 without sound',
    file: 'silent.mp4',
    type: 'video/mp4',
    caption: 'Silent time-lapse of the library',
    tag: 'silentclip',
    portrait: false,
    make: (dir) => [[...picture('320x240'), '-an', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', path.join(dir, 'silent.mp4')]],
  },
  {
    title: 'a 10-bit H.264 MP4',
    file: 'ten-bit.mp4',
    type: 'video/mp4',
    caption: 'Ten-bit footage from a mirrorless camera',
    tag: 'tenbitclip',
    portrait: false,
    make: (dir) => [
      [...picture('320x240'), ...tone, '-c:v', 'libx264', '-pix_fmt', 'yuv420p10le', '-c:a', 'aac', path.join(dir, 'ten-bit.mp4')],
    ],
  },
];

/**
 * Long enough that its author sees it processing for a while, and that another student's whole
 * Home loads meanwhile: 40 s at 720p is two renditions, 6-10 s of transcoding on an idle machine
 * (a 20 s 360p clip took under a second, and a busy CI run's page load outlasted it).
 */
const longClip = {
  file: 'campus-walk.mp4',
  caption: 'Forty seconds across campus',
  tag: 'campuswalk',
  make: (dir: string) => [
    [
      ...['-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=30:duration=40', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=40'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', path.join(dir, 'campus-walk.mp4')],
    ],
  ],
};

const RENDITION_URL = /^\/media\/videos\/[^/?]+-\d+p\.mp4$/;

let clipDir: string;
let author: ApiStudent;
let follower: ApiStudent;
let authorContext: BrowserContext;
let followerContext: BrowserContext;
let authorPage: Page;
let followerPage: Page;
/** Per clip: the post made from it and the URL its upload answered (the private original). */
const posted = new Map<string, { postId: string; uploadUrl: string }>();

async function signedInPage(browser: Browser, student: ApiStudent): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, student);
  return { context, page };
}

test.beforeAll(async ({ browser }, workerInfo) => {
  test.setTimeout(120_000);
  clipDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-e2e-clips-'));
  await Promise.all(
    [...clips, longClip].map(async (clip) => {
      for (const args of clip.make(clipDir)) await ffmpeg(args);
    }),
  );
  // The generated iPhone clip is what the test claims it is.
  const probeArgs = ['-v', 'error', '-select_streams', 'v:0', '-of', 'json', '-show_entries'];
  const probeFields = 'stream=codec_name,pix_fmt:stream_side_data=rotation:format_tags=location';
  const { stdout } = await runFile('ffprobe', [...probeArgs, probeFields, path.join(clipDir, clips[0]!.file)]);
  const probe = JSON.parse(stdout) as {
    streams: { codec_name: string; pix_fmt: string; side_data_list?: { rotation?: number }[] }[];
    format: { tags?: { location?: string } };
  };
  expect(probe.streams[0]).toMatchObject({ codec_name: 'hevc', pix_fmt: 'yuv420p10le' });
  expect(Math.abs(probe.streams[0]!.side_data_list?.[0]?.rotation ?? 0)).toBe(90);
  expect(probe.format.tags?.location).toBe('+48.8584+002.2945/');

  // A worker that restarts after a failed test runs this again: new addresses then.
  const run = workerInfo.workerIndex;
  author = await createApiStudent('Mia Chen', `mia.chen.${run}@campus.test`);
  follower = await createApiStudent('Noah Park', `noah.park.${run}@campus.test`);
  await follow(follower, author.uid);
  // All posts at once: the api transcodes them one after the other while the tests look at the first ones.
  for (const clip of clips) {
    const uploadUrl = await uploadVideo(author, fs.readFileSync(path.join(clipDir, clip.file)), clip.file, clip.type);
    posted.set(clip.file, { postId: await createPost(author, uploadUrl, clip.caption, [clip.tag]), uploadUrl });
  }
  [{ context: authorContext, page: authorPage }, { context: followerContext, page: followerPage }] = await Promise.all([
    signedInPage(browser, author),
    signedInPage(browser, follower),
  ]);
});

test.afterAll(async () => {
  await authorContext?.close();
  await followerContext?.close();
  if (clipDir) fs.rmSync(clipDir, { recursive: true, force: true });
});

/**
 * Plays the video (muted, from the start) in the page as a viewer pressing play would, and reports
 * once its time has moved on; fails on a media error or when nothing plays within 15 s.
 */
async function playInPage(video: Locator) {
  return video.evaluate(async (element: HTMLVideoElement) => {
    const failed = new Promise<never>((_, reject) => {
      element.addEventListener('error', () => reject(new Error(`media error ${element.error?.code}: ${element.error?.message}`)));
      setTimeout(
        () => reject(new Error(`no playback within 15 s: readyState ${element.readyState}, currentTime ${element.currentTime}`)),
        15_000,
      );
    });
    element.muted = true;
    element.pause();
    element.currentTime = 0;
    await Promise.race([element.play(), failed]);
    const readyState = element.readyState;
    const startedAt = element.currentTime;
    const advanced = new Promise<void>((resolve) => {
      const check = () => (element.currentTime >= startedAt + 0.25 ? resolve() : requestAnimationFrame(check));
      check();
    });
    await Promise.race([advanced, failed]);
    return {
      readyState,
      startedAt,
      advancedTo: element.currentTime,
      videoWidth: element.videoWidth,
      videoHeight: element.videoHeight,
      currentSrc: element.currentSrc,
    };
  });
}

for (const clip of clips) {
  test(`${clip.title} is transcoded and plays in Chromium`, async () => {
    const { postId, uploadUrl } = posted.get(clip.file)!;
    const post = await waitUntilReady(author, postId);
    const renditionUrls = post.renditions.map((rendition) => rendition.url);

    // Noah follows Mia and opens the clip's tag: the post is there with a player, not a notice.
    const page = followerPage;
    await page.goto(`/tags/${clip.tag}`);
    const card = page.getByRole('article').filter({ hasText: clip.caption });
    const video = card.getByLabel(`Video by ${author.name}`);
    await expect(video).toBeVisible();
    await expect(card.getByText('Processing…')).toHaveCount(0);
    // A rendition (H.264 MP4 named by its size), never the upload; its shape is known before it loads.
    await expect(video).toHaveAttribute('src', RENDITION_URL);
    expect(renditionUrls).toContain(await video.getAttribute('src'));
    await expect(video).toHaveAttribute('width', String(post.width));
    await expect(video).toHaveAttribute('height', String(post.height));
    await expect(video).toHaveAttribute('poster', /\.webp$/);

    const playback = await playInPage(video);
    expect(playback.readyState).toBeGreaterThanOrEqual(2); // HAVE_CURRENT_DATA: a picture is on screen
    expect(playback.advancedTo).toBeGreaterThan(playback.startedAt);
    expect(new URL(playback.currentSrc).pathname).toMatch(RENDITION_URL);
    if (clip.portrait) expect(playback.videoWidth).toBeLessThan(playback.videoHeight);
    else expect(playback.videoWidth).toBeGreaterThan(playback.videoHeight);
    expect(playback.videoWidth / playback.videoHeight).toBeCloseTo(post.width! / post.height!, 1);

    // The poster is a WebP picture; the rendition carries no location; the original is private.
    const poster = await page.request.get((await video.getAttribute('poster'))!);
    expect(poster.status()).toBe(200);
    expect(poster.headers()['content-type']).toBe('image/webp');
    const rendition = await page.request.get(playback.currentSrc);
    expect(rendition.status()).toBe(200);
    expect((await rendition.body()).includes('+48.8584'), 'the location is stripped').toBe(false);
    expect(uploadUrl).not.toMatch(RENDITION_URL);
    expect((await page.request.get(uploadUrl)).status()).toBe(404);
  });
}

test('the author sees Processing… with a progress bar, then the video without reloading; others only then', async () => {
  test.setTimeout(120_000);
  const page = authorPage;
  await page.getByRole('link', { name: 'Create Post' }).first().click();
  await page.getByLabel('Choose a video file').setInputFiles(path.join(clipDir, longClip.file));
  await page.getByRole('button', { name: 'Upload Video' }).click();
  await expect(page.getByText('Upload complete')).toBeVisible({ timeout: 30_000 });
  await page.getByPlaceholder('Write a caption for your video...').fill(longClip.caption);
  await page.getByPlaceholder('Add tags separated by commas (e.g. fun, campus, event)').fill(longClip.tag);
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page).toHaveURL('/');

  const card = page.getByRole('article').filter({ hasText: longClip.caption });
  const video = card.getByLabel(`Video by ${author.name}`);
  await expectProcessing(card, `Video by ${author.name}`);
  await page.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true));

  // Meanwhile Noah, who follows Mia, does not get the post: asked while the api still says PROCESSING.
  await followerPage.goto('/');
  await expect(
    followerPage.getByText("You've reached the end!").or(followerPage.getByText('No posts from people you follow yet.')),
  ).toBeVisible();
  const { homeFeed } = await graphql<{ homeFeed: { edges: { node: { caption: string; status: string } }[] } }>(
    author,
    'query { homeFeed(first: 20) { edges { node { caption status } } } }',
  );
  const asAuthorSeesIt = homeFeed.edges.find((edge) => edge.node.caption === longClip.caption);
  // First whether the race was run as meant (else the next line's failure would read as a leak).
  expect(asAuthorSeesIt?.node.status, 'the post was still processing when Noah looked').toBe('PROCESSING');
  await expect(followerPage.getByRole('article').filter({ hasText: longClip.caption })).toHaveCount(0);

  await expectAccessible(page, 'home-processing');
  // The notice turns into the video live, over the subscription.
  await expect(video).toBeVisible({ timeout: 90_000 });
  await expect(card.getByText('Processing…')).toHaveCount(0);
  await expect(card.getByRole('progressbar')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded), 'the page was not reloaded').toBe(true);
  await expect(video).toHaveAttribute('src', RENDITION_URL);

  // Now Noah sees it too, with its video.
  await followerPage.reload();
  await expect(followerPage.getByRole('article').filter({ hasText: longClip.caption }).getByLabel(`Video by ${author.name}`)).toBeVisible();
});

// Issue 23: a clip that finished processing while on screen stayed paused at 0:00 under 'Now
// Playing'; feed clips stopped at their end; an invisible tap area that opened the viewer covered
// the player's own play button.
test('an AVI that becomes ready on screen starts playing by itself, muted, and loops; the player is its own, Full screen a button', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const student = await createApiStudent('Ravi Menon', `ravi.menon.${test.info().workerIndex}@campus.test`);
  const { context, page } = await signedInPage(browser, student);
  try {
    const avi = clips.find((clip) => clip.file === 'camcorder.avi')!;
    await page.getByRole('link', { name: 'Create Post' }).first().click();
    await page.getByLabel('Choose a video file').setInputFiles(path.join(clipDir, avi.file));
    await page.getByRole('button', { name: 'Upload Video' }).click();
    await expect(page.getByText('Upload complete')).toBeVisible({ timeout: 30_000 });
    await page.getByPlaceholder('Write a caption for your video...').fill('Camcorder clip that plays once ready');
    await page.getByRole('button', { name: 'Create Post' }).click();
    await expect(page).toHaveURL('/');

    const card = page.getByRole('article').filter({ hasText: 'Camcorder clip that plays once ready' });
    const video = card.getByLabel('Video by Ravi Menon');
    // Swapped in live (never reloaded), then playing on its own: time moves on, muted, under 'Now Playing'.
    await page.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true));
    await expect(video).toBeVisible({ timeout: 90_000 });
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded), 'the page was not reloaded').toBe(true);
    await expect(card.getByText('Now Playing')).toBeVisible();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.3);
    expect(await video.evaluate((element: HTMLVideoElement) => ({ paused: element.paused, muted: element.muted }))).toEqual({
      paused: false,
      muted: true,
    });
    // Past its end (2 s) it starts again rather than stopping under the badge.
    const looped = await video.evaluate(
      (element: HTMLVideoElement) =>
        new Promise<boolean>((resolve) => {
          let nearEnd = false;
          const check = () => {
            if (element.currentTime > 1.5) nearEnd = true;
            else if (nearEnd && element.currentTime < 1 && !element.paused) return resolve(true);
            if (element.ended) return resolve(false);
            requestAnimationFrame(check);
          };
          check();
          setTimeout(() => resolve(false), 10_000);
        }),
    );
    expect(looped, 'started again after its end').toBe(true);
    await expect(card.getByText('Now Playing')).toBeVisible();

    // The picture belongs to the player: its centre (the play button) and its control bar reach the video.
    const reaches = await video.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const at = (x: number, y: number) => document.elementFromPoint(box.left + x, box.top + y) === element;
      return { centre: at(box.width / 2, box.height / 2), controlBar: at(box.width / 2, box.height - 20) };
    });
    expect(reaches).toEqual({ centre: true, controlBar: true });
    // Full screen is a button of its own, by keyboard too.
    const open = card.getByRole('button', { name: 'Open clip by Ravi Menon full screen' });
    await expect(open).toBeVisible();
    await open.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: /^Clip viewer/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(open).toBeFocused();
  } finally {
    await context.close();
  }
});
