// Spec §2 "Home feed": infinite scroll. A student who follows an author with more posts than one
// page sees the next page load when the last card comes into view, then 'You've reached the end!'.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { createApiStudent, createPost, follow, uploadVideo } from './support/scenario';

const clip = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'media', 'clips', 'colour-sweep.mp4'));
const POSTS = 13; // more than one page of 10

test('Home loads the next page when the last post scrolls into view, then says it has reached the end', async ({ page }) => {
  const author = await createApiStudent('Dana Whitfield', 'dana.whitfield@campus.test');
  const reader = await createApiStudent('Eli Novak', 'eli.novak@campus.test');
  for (let index = 1; index <= POSTS; index += 1) {
    const videoUrl = await uploadVideo(author, clip, `sweep-${index}.mp4`);
    await createPost(author, videoUrl, `Campus walk, part ${index}`, ['walks']);
  }
  await follow(reader, author.uid);

  await page.goto('/login');
  await page.getByLabel('Your Email Address').fill(reader.email);
  await page.getByLabel('Your Password', { exact: true }).fill(reader.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Your Feed' })).toBeVisible();

  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(10);
  await expect(cards.first()).toContainText(`Campus walk, part ${POSTS}`); // newest first
  await expect(page.getByText("You've reached the end!")).toHaveCount(0);

  await cards.last().scrollIntoViewIfNeeded();
  await expect(cards).toHaveCount(POSTS);
  await expect(cards.last()).toContainText('Campus walk, part 1');
  await cards.last().scrollIntoViewIfNeeded();
  await expect(page.getByText("You've reached the end!")).toBeVisible();
});
