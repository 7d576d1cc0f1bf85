// Issue 28: clips everyone can follow. A keyboard-only journey (sign in with a seeded account,
// post a clip with a caption file, watch it with captions on, comment, close the viewer, sign out:
// keyboard.press/type only, and no pointer event reaches the page); the captions drawn over a
// playing clip at the right time, at phone size; the transcript on the post page; no autoplay
// and no animation between clips with reduced motion; axe's WCAG 2.2 AA rules on the new screens
// at both sizes in both colour schemes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { waitForVideo } from './support/processing';
import { createApiStudent, createPost, uploadCaptionFile, uploadVideo, waitUntilReady, type ApiStudent } from './support/scenario';
import { expectAccessible, visitScreen } from './support/screens';
import { signIn } from './support/students';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'media');
const clipFile = path.join(fixtures, 'clips', 'campus-testcard.mp4');
const englishFile = path.join(fixtures, 'captions', 'testcard.en.vtt');
const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'screenshots');

/** The cues of testcard.en.vtt, as the browser's track gives them (tags are markup, not text). */
const FIRST_CUE = { start: 0.2, end: 1.4, text: 'Welcome to Campus Clips.' };
const SECOND_CUE = { start: 1.4, end: 2.9, text: 'Every clip can have captions.' };

/** Presses Tab (or Shift+Tab) until `target` has focus: a keyboard user's way to a control. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}): Promise<void> {
  const element = await target.elementHandle({ timeout: 15_000 });
  if (!element) throw new Error(`nothing to tab to: ${target}`);
  for (let presses = 0; presses <= max; presses += 1) {
    if (await element.evaluate((node) => node === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${max} presses of Tab never reached ${target}`);
}

/** Counts every pointer, mouse and touch event the page receives (a keyboard sends none). */
async function countPointerEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counted = window as unknown as { pointerEvents: string[] };
    counted.pointerEvents = [];
    for (const type of ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'touchstart', 'touchend']) {
      window.addEventListener(type, () => counted.pointerEvents.push(type), true);
    }
  });
}

/** The text of the cues the current clip's showing caption track has on screen now. */
function shownCues(video: Locator): Promise<string[]> {
  return video.evaluate((node: HTMLVideoElement) => {
    const showing = Array.from(node.textTracks).find((track) => track.mode === 'showing');
    return Array.from(showing?.activeCues ?? []).map((cue) => (cue as VTTCue).getCueAsHTML().textContent ?? '');
  });
}

/** Pauses the video at `seconds` and waits until the browser has the cues of that moment. */
async function pauseAt(video: Locator, seconds: number): Promise<void> {
  await video.evaluate(async (node: HTMLVideoElement, at) => {
    node.pause();
    node.currentTime = at;
    await new Promise((resolve) => node.addEventListener('seeked', resolve, { once: true }));
  }, seconds);
}

async function captionedPost(author: ApiStudent, caption: string): Promise<string> {
  const videoUrl = await uploadVideo(author, fs.readFileSync(clipFile), 'testcard.mp4');
  const fileUrl = await uploadCaptionFile(author, fs.readFileSync(englishFile, 'utf8'), 'testcard.en.vtt');
  const postId = await createPost(author, videoUrl, caption, ['captions'], [{ language: 'en', fileUrl }]);
  await waitUntilReady(author, postId);
  return postId;
}

test('keyboard only: sign in, post a clip with captions, watch it with captions on, comment, close the viewer, sign out', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // A seeded account (made through the api, as the e2e support does), signed in here by keyboard.
  const student = await createApiStudent('Kiri Tane', `kiri.tane.${Date.now()}@campus.test`);
  await countPointerEvents(page);

  await page.goto('/login');
  await tabTo(page, page.getByLabel('Your Email Address'));
  await page.keyboard.type(student.email);
  await tabTo(page, page.getByLabel('Your Password', { exact: true }));
  await page.keyboard.type(student.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Your Feed' })).toBeVisible();

  // Post a clip with English captions.
  await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create Post' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Create New Post' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: /Drag and drop a video here/ }));
  const videoChooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await videoChooser).setFiles(clipFile);
  await tabTo(page, page.getByRole('button', { name: 'Upload Video' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Video uploaded successfully')).toBeVisible({ timeout: 60_000 });
  await tabTo(page, page.getByLabel('Caption', { exact: true }));
  await page.keyboard.type('Captioned from the keyboard');
  await tabTo(page, page.getByRole('button', { name: 'Add captions' }));
  await page.keyboard.press('Enter');
  const captionsField = page.getByRole('group', { name: 'Captions' });
  await expect(captionsField.getByLabel('Language')).toHaveValue('en');
  await tabTo(page, captionsField.getByLabel(/Caption file/));
  const captionChooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await captionChooser).setFiles(englishFile);
  await expect(captionsField.getByText('Caption file ready')).toBeVisible({ timeout: 30_000 });
  await tabTo(page, page.getByRole('button', { name: 'Create Post' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Your Feed' })).toBeVisible();

  const card = page.getByRole('article', { name: 'Kiri Tane' }).filter({ hasText: 'Captioned from the keyboard' });
  await waitForVideo(page, card, 'Video by Kiri Tane');

  // Captions on from the card's CC button; the choice carries into the viewer.
  const cardCaptions = card.getByRole('button', { name: 'Captions' });
  await tabTo(page, cardCaptions);
  await page.keyboard.press('Enter');
  await expect(cardCaptions).toHaveAttribute('aria-pressed', 'true');
  const opener = card.getByRole('button', { name: 'Open clip by Kiri Tane full screen' });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog', { name: /^Clip viewer/ });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Captions' })).toHaveAttribute('aria-pressed', 'true');
  // The clip is said once: which clip, in a polite live region.
  await expect(viewer.locator('[aria-live="polite"]')).toHaveText(/^Clip 1 of \d+ by Kiri Tane$/);
  const video = viewer.locator('[data-clip-id]:not([aria-hidden]) video');
  await pauseAt(video, 0.8);
  await expect.poll(() => shownCues(video)).toEqual([FIRST_CUE.text]);
  // 'c' switches captions off and on again.
  await page.keyboard.press('c');
  await expect(viewer.getByRole('button', { name: 'Captions' })).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => shownCues(video)).toEqual([]);
  await page.keyboard.press('c');
  await expect.poll(() => shownCues(video)).toEqual([FIRST_CUE.text]);

  // Comment from the viewer's sheet.
  await tabTo(page, viewer.getByRole('button', { name: 'Comments (0)' }));
  await page.keyboard.press('Enter');
  await tabTo(page, viewer.getByLabel('Add a comment'));
  await page.keyboard.type('Thanks for the captions!');
  await page.keyboard.press('Enter');
  await expect(viewer.getByText('Thanks for the captions!')).toBeVisible();

  // Escape closes the sheet, then the viewer; focus is back on the card's open button.
  await page.keyboard.press('Escape');
  await expect(viewer.getByRole('button', { name: 'Comments (1)' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(opener).toBeFocused();

  await tabTo(page, page.getByRole('button', { name: 'Sign out' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Sign in to Campus Clips' })).toBeVisible();

  expect(await page.evaluate(() => (window as unknown as { pointerEvents: string[] }).pointerEvents)).toEqual([]);
});

test('captions are drawn over a playing clip at the right time at phone size, and its page lists the transcript', async ({ page }) => {
  test.setTimeout(120_000);
  const author = await createApiStudent('Ana Lima', `ana.lima.${Date.now()}@campus.test`);
  const postId = await captionedPost(author, 'A clip with captions');
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, author);

  await page.goto(`/post/${postId}`);
  const transcript = page.getByRole('region', { name: 'Transcript' });
  await expect(transcript.getByRole('listitem')).toHaveText([`0:00Narrator: ${FIRST_CUE.text}`, `0:01${SECOND_CUE.text}`]);
  await visitScreen(page, 'post-page-transcript', transcript);

  // The viewer, captions on (the choice is kept in this browser), the clip playing.
  await page.evaluate(() => window.localStorage.setItem('campus-clips:captions', 'on'));
  await page.goto(`/post/${postId}?view=${postId}`);
  const viewer = page.getByRole('dialog', { name: /^Clip viewer/ });
  const video = viewer.locator('[data-clip-id]:not([aria-hidden]) video');
  await expect(video).toHaveAttribute('src', /\.mp4$/);
  const track = video.locator('track');
  await expect(track).toHaveAttribute('kind', 'captions');
  await expect(track).toHaveAttribute('srclang', 'en');
  await expect(track).toHaveAttribute('label', 'English');

  // While it plays, the cue of the moment is the one shown.
  await video.evaluate((node: HTMLVideoElement) => {
    node.muted = true;
    return node.play();
  });
  await expect
    .poll(
      () =>
        video.evaluate((node: HTMLVideoElement) => ({
          time: node.currentTime,
          cues: Array.from(Array.from(node.textTracks).find((t) => t.mode === 'showing')?.activeCues ?? []).map(
            (cue) => (cue as VTTCue).getCueAsHTML().textContent,
          ),
        })),
      { timeout: 10_000 },
    )
    .toMatchObject({ cues: [FIRST_CUE.text] });

  // Paused at each cue's time: its text, and the picture differs from the same frame without captions (they are drawn).
  for (const cue of [FIRST_CUE, SECOND_CUE]) {
    await pauseAt(video, (cue.start + cue.end) / 2);
    await expect.poll(() => shownCues(video)).toEqual([cue.text]);
  }
  await pauseAt(video, 0.8);
  await expect.poll(() => shownCues(video)).toEqual([FIRST_CUE.text]);
  // Placed five lines up from the bottom, clear of the author, caption and tags laid over the clip.
  expect(
    await video.evaluate(
      (node: HTMLVideoElement) => (Array.from(node.textTracks).find((t) => t.mode === 'showing')?.activeCues?.[0] as VTTCue).line,
    ),
  ).toBe(-5);
  await page.waitForTimeout(300);
  const withCaptions = await video.screenshot();
  fs.mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: path.join(screenshots, 'captions-viewer-390x844.png'), animations: 'disabled', caret: 'hide' });
  await viewer.getByRole('button', { name: 'Captions' }).click();
  await expect.poll(() => shownCues(video)).toEqual([]);
  await page.waitForTimeout(300);
  const without = await video.screenshot();
  expect(withCaptions.equals(without)).toBe(false);
  await viewer.getByRole('button', { name: 'Captions' }).click();
  await visitScreen(page, 'viewer-with-captions');
});

test('with reduced motion, clips do not play by themselves and the viewer does not animate between clips', async ({ page }) => {
  test.setTimeout(120_000);
  const author = await createApiStudent('Ravi Menon', `ravi.menon.${Date.now()}@campus.test`);
  const first = await captionedPost(author, 'Still clip one');
  const second = await captionedPost(author, 'Still clip two');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, author);

  const card = page.getByRole('article').filter({ hasText: 'Still clip two' });
  await expect(card.getByLabel('Video by Ravi Menon')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await page.waitForTimeout(1_000);
  await expect(card.getByText('Now Playing')).toHaveCount(0);
  expect(await card.getByLabel('Video by Ravi Menon').evaluate((node: HTMLVideoElement) => node.paused)).toBe(true);

  // The viewer opens paused, and moving to the next clip jumps there (no smooth scroll).
  await page.goto(`/?view=${second}`);
  const viewer = page.getByRole('dialog', { name: /^Clip viewer/ });
  await expect(viewer.getByRole('button', { name: 'Play' })).toBeVisible();
  const current = () => viewer.locator('[data-clip-id]:not([aria-hidden])');
  expect(
    await current()
      .locator('video')
      .evaluate((node: HTMLVideoElement) => node.paused),
  ).toBe(true);
  const scroller = viewer.getByRole('region', { name: 'Clips' });
  await scroller.focus();
  const before = await scroller.evaluate((node) => node.scrollTop);
  await page.keyboard.press('ArrowDown');
  // Within one frame the scroller is where it is going: nothing slid.
  const after = await scroller.evaluate((node) => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(node.scrollTop))));
  expect(after - before).toBe(await scroller.evaluate((node) => node.clientHeight));
  await expect(current()).toHaveAttribute('data-clip-id', first);
  await expect(viewer.getByRole('button', { name: 'Play' })).toBeVisible();

  // With motion allowed, the card most in view plays by itself again.
  await page.keyboard.press('Escape');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/');
  await expect(page.getByText('Now Playing')).toHaveCount(1);
});

test('axe (WCAG 2.2 AA) finds nothing serious on a captioned clip’s page, the open viewer and the create form with captions, in both colour schemes', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const author = await createApiStudent('Ines Duarte', `ines.duarte.${Date.now()}@campus.test`);
  const postId = await captionedPost(author, 'Checked by axe');
  await signIn(page, author);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const size of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      await page.goto(`/post/${postId}`);
      await expect(page.getByRole('region', { name: 'Your captions' })).toBeVisible();
      await expectAccessible(page, `post page with captions (${colorScheme}, ${size.width})`);
      await page.goto(`/post/${postId}?view=${postId}`);
      await expect(page.getByRole('dialog', { name: /^Clip viewer/ }).getByRole('button', { name: 'Captions' })).toBeVisible();
      await expectAccessible(page, `viewer with captions (${colorScheme}, ${size.width})`);
      await page.goto('/create-post');
      await page.getByRole('button', { name: 'Add captions' }).click();
      await expect(page.getByRole('group', { name: 'Captions' })).toBeVisible();
      await expectAccessible(page, `create form with captions (${colorScheme}, ${size.width})`);
    }
  }
});
