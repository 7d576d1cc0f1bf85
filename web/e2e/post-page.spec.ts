// D15: every post has a page anyone with the link can open. A signed-out browser opens a shared
// /post/:id and sees the clip, its comments and a prompt to sign in; Like leads to /login and back.
// The server answers the same address with link-preview tags for chat apps. Runs after the
// transcoded media (project 'post-pages'): its post shows in everyone's Explore.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { createApiStudent, createPost, graphql, uploadVideo, waitUntilReady, type ApiStudent } from './support/scenario';
import { visitScreen } from './support/screens';
import { e2eSettings } from './support/settings';
import { signIn } from './support/students';

const clip = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'media', 'clips', 'colour-sweep.mp4'),
);
const CAPTION = 'Sunset over the "quad" <b>tonight</b>';

test.describe.configure({ mode: 'serial' });

let author: ApiStudent;
let reader: ApiStudent;
let postId: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  author = await createApiStudent('Nora Quinlan', 'nora.quinlan@campus.test');
  reader = await createApiStudent('Omar Haddad', 'omar.haddad@campus.test');
  postId = await createPost(author, await uploadVideo(author, clip, 'sunset.mp4'), CAPTION, ['sunset']);
  await waitUntilReady(author, postId, 100_000);
  await graphql(author, 'mutation ($postId: ID!, $text: String!) { addComment(postId: $postId, text: $text) { id } }', {
    postId,
    text: 'The light on the library!',
  });
});

test('a plain HTTP GET of /post/:id carries the preview tags a chat app reads', async () => {
  const response = await fetch(`${e2eSettings.baseURL}/post/${postId}`, { headers: { accept: 'text/html' } });
  expect(response.status).toBe(200);
  const html = await response.text();
  const meta = (key: string) => html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`))?.[1];
  expect(meta('og:title')).toBe('Nora Quinlan on Campus Clips');
  expect(meta('og:description')).toBe('Sunset over the &#34;quad&#34; &#60;b&#62;tonight&#60;/b&#62;');
  expect(meta('og:url')).toBe(`${e2eSettings.baseURL}/post/${postId}`);
  expect(meta('og:video')).toMatch(new RegExp(`^${e2eSettings.baseURL}/media/.+-\\d+p\\.mp4$`));
  expect(meta('og:video:type')).toBe('video/mp4');
  expect(meta('og:image')).toMatch(new RegExp(`^${e2eSettings.baseURL}/media/`));
  expect(meta('twitter:card')).toBe('summary_large_image');
  // The poster and the clip a preview shows are really there for anyone.
  for (const key of ['og:image', 'og:video']) expect((await fetch(meta(key)!)).status).toBe(200);
});

test('a signed-out browser opens a shared post: the clip, its comments and a prompt to sign in', async ({ page }) => {
  await page.goto(`/post/${postId}`);
  const card = page.getByRole('article', { name: 'Nora Quinlan' });
  const video = card.locator('video[aria-label="Video by Nora Quinlan"]');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentSrc)).toMatch(/-\d+p\.mp4$/);
  await expect(card.getByText(CAPTION)).toBeVisible();
  await expect(card.getByText('The light on the library!')).toBeVisible();
  await expect(page.getByText('Sign in to like or comment on this clip.')).toBeVisible();
  await expect(card.getByText('Please sign in to add a comment.')).toBeVisible();
  await expect(card.getByPlaceholder('Add a comment...')).toHaveCount(0);
  await expect(page.getByRole('banner')).toBeVisible(); // the public header, no sidebar
  await visitScreen(page, 'post-signed-out', card);

  // Like leads to /login, and signing in comes back to the post, where the student can like it.
  await card.getByRole('link', { name: 'Sign in to like (0 likes)' }).click();
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Your Email Address').fill(reader.email);
  await page.getByLabel('Your Password', { exact: true }).fill(reader.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`/post/${postId}`);
  const signedInCard = page.getByRole('article', { name: 'Nora Quinlan' });
  await expect(signedInCard.getByPlaceholder('Add a comment...')).toBeVisible();
  await signedInCard.getByRole('button', { name: 'Like (0 likes)' }).click();
  await expect(signedInCard.getByRole('button', { name: 'Unlike (1 likes)' })).toBeVisible();
  await expect(page.getByText('Sign in to like or comment on this clip.')).toHaveCount(0);
  await visitScreen(page, 'post-signed-in', signedInCard);
});

test('a post that is not there shows a clear not-found state', async ({ page }) => {
  await page.goto('/post/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Post not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
});

// Issue 23: deleting from the post's own page left its author on 'Post not found'.
test('its author deletes the post from its page: back where they came from (Home when opened directly), with a confirmation', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const writer = await createApiStudent('Tess Okafor', 'tess.okafor@campus.test');
  const video = await uploadVideo(writer, clip, 'goodbye.mp4');
  const fromFeed = await createPost(writer, video, 'Deleted from its page, reached from Home', ['goodbye']);
  const opened = await createPost(writer, await uploadVideo(writer, clip, 'goodbye-2.mp4'), 'Deleted from a shared link', ['goodbye']);
  await waitUntilReady(writer, fromFeed, 100_000);
  await waitUntilReady(writer, opened, 100_000);
  await signIn(page, writer);

  // From Home, by the card's time link.
  const card = page.getByRole('article').filter({ hasText: 'Deleted from its page, reached from Home' });
  await card.locator(`a[href="/post/${fromFeed}"]`).click();
  await expect(page).toHaveURL(`/post/${fromFeed}`);
  const deleteIt = async () => {
    await page.getByRole('article').getByRole('button', { name: 'Delete post' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  };
  await deleteIt();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('status').filter({ hasText: 'Post deleted' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Feed' })).toBeVisible();
  await expect(page.getByText('Deleted from its page, reached from Home')).toHaveCount(0);
  await expect(page.getByText('Post not found')).toHaveCount(0);

  // Opened straight from a link: Home.
  await page.goto(`/post/${opened}`);
  await expect(page.getByRole('article').getByText('Deleted from a shared link')).toBeVisible();
  await deleteIt();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('status').filter({ hasText: 'Post deleted' })).toBeVisible();
  await expect(page.getByText('Post not found')).toHaveCount(0);
});
