// Issue 25 (D16): campus identity in the browser. The run's api is restricted to the campus the
// global setup makes (FIRST_CAMPUS, domain campus.test). Iris signs up with her campus address,
// sees the 'Verify your e-mail' banner, opens the link the Auth emulator caught and then posts;
// an address off every campus is refused before any account exists (e-mail and Google); Uma, not
// verified yet, browses, likes and follows but cannot post or comment; Explore, Events and the
// directory show the viewer's campus first, the choice kept in the address.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { serveGoogleOffline } from './support/google-offline';
import { visitScreen } from './support/screens';
import { adultBirthday, fillSignupForm, newStudent, signIn, signUp } from './support/students';
import { emulatorHasAccount, newestVerificationLink } from './support/verification';
import { createApiStudent, signInApiStudent } from './support/scenario';
import { addCampus } from './support/campuses';
import { e2eSettings } from './support/settings';
import { waitForVideo } from './support/processing';

const here = path.dirname(fileURLToPath(import.meta.url));
const clipPath = path.resolve(here, '..', '..', 'fixtures', 'media', 'clips', 'color-bars.mp4');

const CAMPUS_NAME = 'Campus Test University';
const REFUSED = 'Please use your university e-mail address.';
const caption = 'Verified and posting from the quad';

// One story: Uma (unverified) meets Iris's post.
test.describe.configure({ mode: 'serial' });

const iris = newStudent('Iris', 'Campbell');
const uma = newStudent('Uma', 'Patel');

function irisPost(page: Page) {
  return page.getByRole('article').filter({ hasText: caption });
}

test('Iris signs up with her campus address, verifies it from the banner, then posts', async ({ page, context }) => {
  // Sign-up, a transcoded clip and four screens checked at two sizes: long on a busy 2-core machine.
  test.slow();
  await signUp(page, iris, { verify: false });

  const banner = page.getByRole('region', { name: 'Verify your e-mail' });
  await expect(banner).toBeVisible();
  await expect(banner.getByText(`We sent a link to ${iris.email}. Open it to post, comment and join in.`)).toBeVisible();
  // Sign-up sent the first link; Resend waits its turn.
  await expect(banner.getByRole('button', { name: 'Resend' })).toBeDisabled();
  await expect(banner.getByText(/You can ask for another link in \d+ s\./)).toBeVisible();
  const devLink = banner.getByRole('link', { name: 'Open verification link (development)' });
  await expect(devLink).toHaveAttribute('href', await newestVerificationLink(iris.email));
  await visitScreen(page, 'verify-email-banner');

  // Not verified yet: the api still refuses, and the form says why instead of offering to post.
  await page.getByRole('link', { name: 'Create Post' }).first().click();
  await expect(page.getByRole('heading', { name: 'Create New Post' })).toBeVisible();
  await expect(page.getByText(/Verify your e-mail to post/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Post' })).toHaveCount(0);
  await banner.getByRole('button', { name: "I've verified" }).click();
  await expect(banner.getByRole('alert')).toContainText('Your e-mail is not verified yet.');

  // She opens the link the emulator caught (her inbox, in development), in a new tab.
  const tabOpened = context.waitForEvent('page');
  await devLink.click();
  const tab = await tabOpened;
  await expect(tab.locator('body')).toContainText(/verified/i);
  await tab.close();

  await banner.getByRole('button', { name: "I've verified" }).click();
  await expect(page.getByRole('status').filter({ hasText: 'E-mail verified.' })).toBeVisible();
  await expect(banner).toBeHidden();
  // Still signed in, and now the form is there.
  await expect(page.getByRole('heading', { name: 'Create New Post' })).toBeVisible();
  await page.getByLabel('Choose a video file').setInputFiles(clipPath);
  await page.getByRole('button', { name: 'Upload Video' }).click();
  await expect(page.getByText('Upload complete')).toBeVisible({ timeout: 30_000 });
  await page.getByPlaceholder('Write a caption for your video...').fill(caption);
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page).toHaveURL('/');
  await waitForVideo(page, irisPost(page), `Video by ${iris.name}`);
  // Her card carries the badge beside her name; her profile, the badge and her campus.
  await expect(irisPost(page).getByRole('img', { name: 'Verified student' })).toBeVisible();
  await page.getByRole('link', { name: 'Profile' }).first().click();
  await expect(page.getByRole('heading', { name: iris.name, level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Verified student' })).toBeVisible();
  await expect(page.getByText(CAMPUS_NAME)).toBeVisible();
  await visitScreen(page, 'profile-verified');
});

test('an address off every campus is refused before any account exists', async ({ page }) => {
  const outsider = { ...newStudent('Sam', 'Reyes'), email: 'sam.reyes@mail.example' };
  await page.goto('/signup');
  await fillSignupForm(page, {
    fullName: outsider.name,
    email: outsider.email,
    password: outsider.password,
    confirmPassword: outsider.password,
    dateOfBirth: adultBirthday(),
  });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: REFUSED })).toBeVisible();
  await expect(page).toHaveURL('/signup');
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  // Typing clears the message, as for any sign-up error.
  await page.getByLabel('Full Name', { exact: true }).fill('Sam Reyes Jr');
  await expect(page.getByText(REFUSED)).toBeHidden();
  expect(await emulatorHasAccount(outsider.email), 'no identity account was created').toBe(false);
});

test('a Google account off every campus is turned away, removed and signed out', async ({ page, context }) => {
  await serveGoogleOffline(context);
  const email = 'gia.romano@mail.example';
  await page.goto('/signup');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign up with Google' }).click();
  const popup = await popupOpened;
  await popup.getByText('Add new account').click();
  await popup.locator('#email-input').fill(email);
  await popup.locator('#display-name-input').fill('Gia Romano');
  await popup.locator('#sign-in').click();
  await popup.waitForEvent('close');

  await expect(page.getByRole('alert').filter({ hasText: REFUSED })).toBeVisible();
  await expect(page).toHaveURL('/signup');
  await expect(page.getByRole('button', { name: 'Sign up with Google' })).toBeEnabled();
  // The server removed the account the popup made, and this browser is signed out.
  await expect.poll(() => emulatorHasAccount(email), { message: 'the Google account is removed' }).toBe(false);
  await page.goto('/profile');
  await expect(page).toHaveURL('/login');
});

test('Uma, not verified yet, browses, likes and follows, but cannot post or comment', async ({ page }) => {
  test.slow();
  await signUp(page, uma, { verify: false });
  await expect(page.getByRole('region', { name: 'Verify your e-mail' })).toBeVisible();

  // Browsing: Iris's clip in Explore, with her badge; a like is allowed.
  await page.getByRole('link', { name: 'Explore' }).first().click();
  const card = irisPost(page);
  await expect(card.getByLabel(`Video by ${iris.name}`)).toBeVisible();
  await expect(card.getByRole('img', { name: 'Verified student' })).toBeVisible();
  const postId = (await card.locator('a[href^="/post/"]').first().getAttribute('href'))!.replace('/post/', '');
  await card.getByRole('button', { name: 'Like (0 likes)' }).click();
  await expect(card.getByRole('button', { name: 'Unlike (1 likes)' })).toBeVisible();

  // Comments: the field is replaced by what to do first.
  await card.getByRole('button', { name: /^Comments/ }).click();
  await expect(card.getByText(/Verify your e-mail to comment/)).toBeVisible();
  await expect(card.getByPlaceholder('Add a comment...')).toHaveCount(0);

  // Following is allowed: on Iris's profile.
  await card.getByRole('link', { name: iris.name }).click();
  await expect(page.getByRole('heading', { name: iris.name, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: `Follow ${iris.name}`, exact: true }).click();
  await expect(page.getByRole('button', { name: `Following ${iris.name}` })).toBeVisible();

  // Posting is not: the form explains, and the api refuses a write sent anyway, in its own words.
  await page.getByRole('link', { name: 'Create Post' }).first().click();
  await expect(page.getByText(/Verify your e-mail to post/)).toBeVisible();
  const umaApi = await signInApiStudent(uma.name, uma.email, uma.password);
  const refused = await graphqlAs(umaApi.idToken, 'mutation ($postId: ID!) { addComment(postId: $postId, text: "hi") { id } }', {
    postId,
  });
  expect(refused.errors?.[0]?.message).toBe('Please verify your e-mail address first.');
  expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN_UNVERIFIED');
  // Her own profile has no badge.
  await page.getByRole('link', { name: 'Profile' }).first().click();
  await expect(page.getByRole('heading', { name: uma.name, level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Verified student' })).toHaveCount(0);
});

test('Explore, Events and the directory show your campus first; the switch is kept in the address', async ({ page }) => {
  // Olu studies elsewhere: a second campus, and a student on it.
  expect(await addCampus('Other College', 'OC', 'other.test')).toContain('admin: campus added:');
  await createApiStudent('Olu Adeyemi', 'olu.adeyemi@other.test');

  await signIn(page, iris);
  for (const [link, heading] of [
    ['Explore', 'Explore New Content'],
    ['Events', 'Events'],
  ] as const) {
    await page.getByRole('link', { name: link, exact: true }).first().click();
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Your campus' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(new RegExp(`from ${CAMPUS_NAME}\\.`))).toBeVisible();
    await page.getByRole('button', { name: 'All campuses' }).click();
    await expect(page).toHaveURL(/[?&]campus=all\b/);
    await expect(page.getByRole('button', { name: 'All campuses' })).toHaveAttribute('aria-pressed', 'true');
    // A reload keeps the choice; Back returns to the campus view.
    await page.reload();
    await expect(page.getByRole('button', { name: 'All campuses' })).toHaveAttribute('aria-pressed', 'true');
    await page.goBack();
    await expect(page.getByRole('button', { name: 'Your campus' })).toHaveAttribute('aria-pressed', 'true');
  }

  // The directory: Olu is not on Iris's campus, so only 'All campuses' finds him, with his campus named.
  await page.goto('/community');
  await page.getByLabel('Search people by name').fill('Olu');
  await expect(page.getByText('No people match “Olu”.')).toBeVisible();
  await page.getByRole('button', { name: 'All campuses' }).click();
  await expect(page).toHaveURL(/[?&]campus=all\b/);
  const olu = page.getByRole('listitem').filter({ hasText: 'Olu Adeyemi' });
  await expect(olu).toBeVisible();
  await expect(olu.getByTitle('Other College')).toHaveText('OC');
  await expect(olu.getByRole('img', { name: 'Verified student' })).toBeVisible();
  await visitScreen(page, 'community-all-campuses');
  await page.getByRole('button', { name: 'Your campus' }).click();
  await expect(page.getByText('No people match “Olu”.')).toBeVisible();
});

test('a signed-in student whose e-mail is verified sees no banner (the shared helper verifies sign-ups)', async ({ page }) => {
  const vera = newStudent('Vera', 'Lindgren');
  await signUp(page, vera);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Feed' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Verify your e-mail' })).toHaveCount(0);
});

type GraphQLAnswer = { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: { code?: string } }> };

async function graphqlAs(idToken: string, query: string, variables: Record<string, unknown> = {}): Promise<GraphQLAnswer> {
  const response = await fetch(`${e2eSettings.baseURL}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphQLAnswer;
}
