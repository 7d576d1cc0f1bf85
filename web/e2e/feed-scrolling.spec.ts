// Spec §2 "Home feed" and "Explore": infinite scroll. With more posts than one page (10), the next
// page loads when the last card comes into view, and then 'You've reached the end!' shows.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { createApiStudent, createPost, follow, uploadVideo, waitUntilReady, type ApiStudent } from './support/scenario';
import { signIn } from './support/students';

const clip = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'media', 'clips', 'colour-sweep.mp4'),
);
const POSTS = 13;

test.describe.configure({ mode: 'serial' });

let author: ApiStudent;

test.beforeAll(async () => {
  // Every clip is transcoded (one at a time) before others may see its post.
  test.setTimeout(180_000);
  author = await createApiStudent('Dana Whitfield', 'dana.whitfield@campus.test');
  const postIds: string[] = [];
  for (let index = 1; index <= POSTS; index += 1) {
    const videoUrl = await uploadVideo(author, clip, `sweep-${index}.mp4`);
    postIds.push(await createPost(author, videoUrl, `Campus walk, part ${index}`, ['walks']));
  }
  for (const postId of postIds) await waitUntilReady(author, postId, 150_000);
});

/** The first page, then the rest once the last card is in view, then the end line. */
async function expectScrollsToTheEnd(page: Page): Promise<void> {
  // The feed mounts only the cards near the screen (issue 16, virtualised): each list item says its
  // place and the list's length (-1 while more pages remain).
  const items = page.getByRole('list', { name: 'Posts' }).locator('> li');
  const cards = page.getByRole('article').filter({ hasText: 'Campus walk, part' });
  await expect(cards.first()).toContainText(`Campus walk, part ${POSTS}`); // newest first
  await expect(items.first()).toHaveAttribute('aria-setsize', '-1'); // a first page, more to come
  await expect(page.getByText("You've reached the end!")).toHaveCount(0);

  const oldest = page.getByText('Campus walk, part 1', { exact: true });
  for (let step = 0; step < 60 && (await oldest.count()) === 0; step += 1) {
    await items.last().scrollIntoViewIfNeeded();
    await page.waitForTimeout(100);
  }
  await expect(oldest).toHaveCount(1);
  // Older posts of other test files may follow in Explore: on to the end line.
  const end = page.getByText("You've reached the end!");
  for (let step = 0; step < 100 && (await end.count()) === 0; step += 1) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(150);
  }
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(end).toBeInViewport();
  const total = await items.last().getAttribute('aria-posinset');
  expect(Number(total)).toBeGreaterThanOrEqual(POSTS);
  await expect(items.last()).toHaveAttribute('aria-setsize', total!);
}

test('Home loads the next page of followed posts when the last one scrolls into view', async ({ page }) => {
  const reader = await createApiStudent('Eli Novak', 'eli.novak@campus.test');
  await follow(reader, author.uid);
  await signIn(page, reader);
  await expectScrollsToTheEnd(page);
});

test('Explore pages through posts of people the student does not follow', async ({ page }) => {
  const newcomer = await createApiStudent('Fay Castillo', 'fay.castillo@campus.test');
  await signIn(page, newcomer);
  await expect(page.getByText('No posts from people you follow yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Explore' }).first().click();
  await expect(page.getByRole('heading', { name: 'Explore New Content' })).toBeVisible();
  await expectScrollsToTheEnd(page);
});
