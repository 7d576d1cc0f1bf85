// Issue 4, the main story with two students in two browsers: sign up, post a clip, follow,
// like, comment live, calendar, settings, and finally account deletion. The tests share the
// students and run in order; each one names the part of the story it checks.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type BrowserContext, type Page, type Route } from '@playwright/test';
import { expectProcessingOrVideo, waitForVideo } from './support/processing';
import { createPost, signInApiStudent, uploadVideo } from './support/scenario';
import { expectAccessible, visitScreen } from './support/screens';
import { adultBirthday, fillSignupForm, newStudent, signUp } from './support/students';
import { verifyEmailInBrowser } from './support/verification';

const avatarPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'media', 'avatars', 'student-01.png');
const clipPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'media', 'clips', 'color-bars.mp4');
const markup = '<script>alert(1)</script><b>x</b>';

const ada = newStudent('Ada', 'Lovelace');
const ben = newStudent('Ben', 'Okafor');
const postTag = 'librarytour';
const caption = `Colour bars at the library ${markup}`;
const comment = `Great clip! ${markup}`;
const bio = `Second-year physics student who films the library. ${markup}`;

test.describe.configure({ mode: 'serial' });

let adaContext: BrowserContext;
let benContext: BrowserContext;
let adaPage: Page;
let benPage: Page;
const dialogs: string[] = [];
/** Where Ada's clip is served, seen from Ben's feed; it must be gone after her account is deleted. */
let clipUrl: string | null = null;
/** While a test breaks the network on purpose, the browser's complaints about it are not news. */
let failingOnPurpose = false;
/** GraphQL-over-WebSocket messages each page sent, to know when a live subscription is open. */
const socketFramesSent = new Map<Page, string[]>();

async function openStudentPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // Any alert() would mean user text ran as script.
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const frames: string[] = [];
  socketFramesSent.set(page, frames);
  page.on('websocket', (socket) => socket.on('framesent', (frame) => frames.push(String(frame.payload))));
  page.on('console', (message) => {
    if (message.type() === 'error' && !failingOnPurpose) console.log(`[browser] ${message.text()}`);
  });
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    // ERR_ABORTED: a navigation cancelled a lazy chunk or media load; that is not a failure.
    if (!reason.includes('ERR_ABORTED') && !failingOnPurpose)
      console.log(`[browser] request failed: ${request.method()} ${request.url()} ${reason}`);
  });
  return { context, page };
}

test.beforeAll(async ({ browser }) => {
  ({ context: adaContext, page: adaPage } = await openStudentPage(browser));
  ({ context: benContext, page: benPage } = await openStudentPage(browser));
});

test.afterAll(async () => {
  await adaContext?.close();
  await benContext?.close();
});

test.afterEach(() => {
  expect(dialogs, 'no user text may open a dialog').toEqual([]);
});

test('Ada signs up: every sign-up rule explains itself, then valid data opens the Home feed', async () => {
  const page = adaPage;
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await visitScreen(page, 'signup');
  const createAccount = page.getByRole('button', { name: 'Create Account' });

  await createAccount.click();
  await expect(page.getByText('Please enter your full name (minimum 2 characters)')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('You must be at least 17 years old to sign up')).toBeVisible();
  await visitScreen(page, 'signup-errors');

  const young = new Date();
  young.setFullYear(young.getFullYear() - 16);
  const base = { fullName: ada.name, email: ada.email, confirmPassword: '', dateOfBirth: adultBirthday() };

  await fillSignupForm(page, { ...base, password: 'lowercase!1', confirmPassword: 'lowercase!1' });
  await createAccount.click();
  await expect(page.getByText('Password must contain at least 1 uppercase letter')).toBeVisible();

  await fillSignupForm(page, { ...base, password: 'Uppercase1', confirmPassword: 'Uppercase1' });
  await createAccount.click();
  await expect(page.getByText('Password must contain at least 1 symbol')).toBeVisible();

  await fillSignupForm(page, { ...base, password: ada.password, confirmPassword: 'Different!1' });
  await createAccount.click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await fillSignupForm(page, {
    ...base,
    password: ada.password,
    confirmPassword: ada.password,
    dateOfBirth: young.toISOString().slice(0, 10),
  });
  await createAccount.click();
  await expect(page.getByText('You must be at least 17 years old to sign up')).toBeVisible();

  await page.getByLabel('Date of Birth', { exact: true }).fill(adultBirthday());
  await expect(page.getByText('You must be at least 17 years old to sign up')).toBeHidden(); // typing clears the field's error
  await createAccount.click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Your Feed' })).toBeVisible();
  await expect(page.getByText('No posts from people you follow yet.')).toBeVisible();
  await expect(page.getByText(ada.email).first()).toBeVisible();
  await visitScreen(page, 'home-empty');
  // Issue 25: she opens the link the emulator caught (her inbox) before she may post.
  await verifyEmailInBrowser(page, ada.email);
});

test('Ada uploads a clip with progress, adds a caption and tags, and posts it', async () => {
  const page = adaPage;
  await page.getByRole('link', { name: 'Create Post' }).first().click();
  await expect(page.getByRole('heading', { name: 'Create New Post' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Post' })).toBeDisabled();
  await visitScreen(page, 'create-post');

  // A file that is not a video is refused in the browser; one that only claims to be (D11) by the server.
  const wrongType = 'Please select a valid video file (MP4, MOV, AVI, WMV)';
  const videoInput = page.getByLabel('Choose a video file');
  // The drop zone works from the keyboard: Enter opens the file chooser.
  const chooserOpened = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Drag and drop a video here/ }).focus();
  await page.keyboard.press('Enter');
  await (await chooserOpened).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('lecture notes') });
  await expect(page.getByRole('alert').filter({ hasText: wrongType })).toBeVisible();
  await videoInput.setInputFiles({ name: 'fake-clip.mp4', mimeType: 'video/mp4', buffer: Buffer.from('not a video at all '.repeat(200)) });
  await expect(page.getByRole('alert').filter({ hasText: wrongType })).toBeHidden();
  await page.getByRole('button', { name: 'Upload Video' }).click();
  await expect(page.getByRole('alert').filter({ hasText: wrongType })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Post' })).toBeDisabled();
  await page.getByRole('button', { name: 'Clear selected video' }).click();

  // Hold the upload requests until the progress line has shown, so the test sees it however fast the disk is.
  let releaseUpload!: () => void;
  const progressSeen = new Promise<void>((resolve) => (releaseUpload = resolve));
  await page.route('**/uploads**', async (route) => {
    await progressSeen;
    await route.continue();
  });

  await videoInput.setInputFiles(clipPath);
  await expect(page.getByTestId('upload-file-name')).toHaveText('color-bars.mp4');
  await page.getByRole('button', { name: 'Upload Video' }).click();
  await expect(page.getByText(/Uploading: \d+%/)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  releaseUpload();
  await expect(page.getByText('Upload complete')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Video uploaded successfully')).toBeVisible();
  await page.unroute('**/uploads**');

  await page.getByPlaceholder('Write a caption for your video...').fill(caption);
  await page.getByPlaceholder('Add tags separated by commas (e.g. fun, campus, event)').fill(`${postTag}, campus`);
  await visitScreen(page, 'create-post-uploaded');
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Your Feed' })).toBeVisible();

  // The clip is transcoded first: Ada sees 'Processing…' in its place (only she sees the post
  // meanwhile), or already the video when the worker was that quick; then the video.
  const card = adaPost(page);
  const firstSeen = await expectProcessingOrVideo(card, `Video by ${ada.name}`);
  test.info().annotations.push({ type: 'right after posting, Ada saw', description: firstSeen });
  await waitForVideo(page, card, `Video by ${ada.name}`);
  await expect(card.getByText('Now Playing')).toBeVisible();
});

/** Runs `action` while one GraphQL operation of the page fails at the network level (D5). */
async function whileOperationFails(page: Page, operationName: string, action: () => Promise<void>): Promise<void> {
  const failIt = (route: Route) =>
    route.request().postData()?.includes(`"operationName":"${operationName}"`) ? route.abort('connectionfailed') : route.fallback();
  await page.route('**/graphql', failIt);
  failingOnPurpose = true;
  try {
    await action();
  } finally {
    failingOnPurpose = false;
    await page.unroute('**/graphql', failIt);
  }
}

/** The card of Ada's post on whatever feed the page shows. */
function adaPost(page: Page) {
  return page.getByRole('article').filter({ hasText: 'Colour bars at the library' });
}

test('Ben signs up, finds Ada in Community and follows her', async () => {
  // Four screens, each checked with axe and photographed at two sizes: more than a minute on a busy 2-core machine.
  test.slow();
  const page = benPage;
  // Ada's address is taken: the identity provider's refusal is explained.
  await page.goto('/signup');
  await fillSignupForm(page, {
    fullName: ben.name,
    email: ada.email,
    password: ben.password,
    confirmPassword: ben.password,
    dateOfBirth: adultBirthday(),
  });
  await page.getByRole('button', { name: 'Show password', exact: true }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This email is already registered. Please sign in instead.' })).toBeVisible();

  await signUp(page, ben);
  await page.getByRole('link', { name: 'Profile' }).first().click();
  await expect(page.getByRole('heading', { name: ben.name, level: 1 })).toBeVisible();
  await expect(page.getByText('No posts yet.')).toBeVisible();
  await expect(page.getByText('No bio available.')).toBeVisible();
  await expect(page.getByText('No interests listed.')).toBeVisible();
  await visitScreen(page, 'profile-empty');

  // Before following, Ada's post is something new to explore.
  await page.getByRole('link', { name: 'Explore' }).first().click();
  await expect(page.getByRole('heading', { name: 'Explore New Content' })).toBeVisible();
  await expect(page.getByText("Discover posts from new people you aren't following yet.")).toBeVisible();
  // Ada's clip finished processing in the previous test: others get the post only when it plays.
  await expect(adaPost(page).getByLabel(`Video by ${ada.name}`)).toBeVisible();
  await expect(adaPost(page).getByText('Processing…')).toHaveCount(0);
  await expect(page.getByText("You've reached the end!")).toBeVisible();
  await visitScreen(page, 'explore');

  await page.goto('/community');
  await expect(page.getByRole('heading', { name: 'Community' })).toBeVisible();
  await page.getByLabel('Search people by name').fill(ada.name);
  const follow = page.getByRole('button', { name: `Follow ${ada.name}` });
  await expect(follow).toBeVisible();
  await visitScreen(page, 'community');
  await follow.click();
  const following = page.getByRole('button', { name: `Following ${ada.name}` });
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Successfully followed user')).toBeVisible();
});

test("Ben sees Ada's post in Your Feed, with the caption as plain text, and likes it", async () => {
  const page = benPage;
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page.getByRole('heading', { name: 'Your Feed' })).toBeVisible();
  const post = adaPost(page);
  await expect(post).toBeVisible();
  await expect(post.getByText(ada.name)).toBeVisible();
  // The markup is shown as typed: no <b> element, no script run.
  await expect(post.getByText(caption, { exact: true })).toBeVisible();
  await expect(post.locator('b')).toHaveCount(0);
  await expect(post.getByRole('link', { name: `#${postTag}` })).toBeVisible();
  await expect(post.getByRole('link', { name: '#campus' })).toBeVisible();
  await expect(post.getByText('Now Playing')).toBeVisible(); // the only card is the active one
  // The clip is served back from /media and the browser can read it (3 s long).
  const video = post.locator('video');
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState >= 1 && Math.round(element.duration))).toBe(3);
  clipUrl = await video.evaluate((element: HTMLVideoElement) => element.currentSrc);
  expect((await page.request.get(clipUrl!, { headers: { Range: 'bytes=0-99' } })).status()).toBe(206);
  await visitScreen(page, 'home');

  await expect(post.getByTestId('like-count')).toHaveText('0');
  // A like that cannot reach the server is rolled back and explained.
  await whileOperationFails(page, 'LikePost', async () => {
    await post.getByRole('button', { name: 'Like (0 likes)' }).click();
    await expect(post.getByText('Failed to like post')).toBeVisible();
    await expect(post.getByTestId('like-count')).toHaveText('0');
  });
  await post.getByRole('button', { name: 'Like (0 likes)' }).click();
  await expect(post.getByTestId('like-count')).toHaveText('1');
  await expect(post.getByRole('button', { name: 'Unlike (1 likes)' })).toHaveAttribute('aria-pressed', 'true');

  // The like was stored, not only drawn.
  await page.reload();
  await expect(adaPost(page).getByRole('button', { name: 'Unlike (1 likes)' })).toBeVisible();
});

test('Ben comments; Ada, with the comments open, sees it arrive live as plain text', async () => {
  // Ada opens her post (on its tag page) and its comments panel.
  await adaPage.goto(`/tags/${postTag}`);
  const adaCard = adaPost(adaPage);
  await expect(adaCard).toBeVisible();
  await adaCard.getByRole('button', { name: 'Comments (0)' }).click();
  await expect(adaCard.getByText('No comments yet. Be the first to comment!')).toBeVisible();
  const adaFrames = socketFramesSent.get(adaPage)!;
  await expect.poll(() => adaFrames.some((frame) => frame.includes('"subscribe"') && frame.includes('commentAdded'))).toBe(true);

  const benCard = adaPost(benPage);
  await benCard.getByRole('button', { name: 'Comments (0)' }).click();
  await expect(benCard.getByText('No comments yet. Be the first to comment!')).toBeVisible();
  const input = benCard.getByPlaceholder('Add a comment...');
  const send = benCard.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await input.fill('   ');
  await expect(send).toBeDisabled(); // whitespace only is not a comment
  await input.fill(comment);
  // D5: a comment that cannot be sent comes back into the input, with a short message.
  await whileOperationFails(benPage, 'AddComment', async () => {
    await send.click();
    await expect(benCard.getByText('Failed to add comment')).toBeVisible();
    await expect(input).toHaveValue(comment);
    await expect(benCard.getByTestId('comment')).toHaveCount(0);
    await expect(benCard.getByTestId('comment-count')).toHaveText('0');
  });
  await send.click();
  await expect(input).toHaveValue('');
  const benComment = benCard.getByTestId('comment').filter({ hasText: 'Great clip!' });
  await expect(benComment).toContainText(ben.name);
  await expect(benCard.getByTestId('comment-count')).toHaveText('1');

  const liveComment = adaCard.getByTestId('comment').filter({ hasText: 'Great clip!' });
  await expect(liveComment).toBeVisible();
  await expect(liveComment).toContainText(ben.name);
  await expect(liveComment.getByText(comment, { exact: true })).toBeVisible();
  await expect(liveComment.locator('b')).toHaveCount(0);
  await expect(adaCard.getByTestId('comment-count')).toHaveText('1');
  await expect(adaCard.getByTestId('like-count')).toHaveText('1');
  await visitScreen(adaPage, 'post-comments', liveComment);
});

test("Ben opens Ada's profile from her post and sees her post there", async () => {
  const page = benPage;
  await adaPost(page).getByRole('link', { name: ada.name }).click();
  await expect(page).toHaveURL(/\/user\//);
  await expect(page.getByRole('heading', { name: ada.name, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: `Following ${ada.name}` })).toBeVisible();
  await expect(page.getByText('Colour bars at the library')).toBeVisible();
  await expect(page.getByTestId('follower-count')).toHaveText('1');
  await visitScreen(page, 'user-profile');

  // The toggle works both ways, and the count follows the server's answer.
  await page.getByRole('button', { name: `Following ${ada.name}` }).click();
  await expect(page.getByRole('button', { name: `Follow ${ada.name}` })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('follower-count')).toHaveText('0');
  await page.getByRole('button', { name: `Follow ${ada.name}` }).click();
  await expect(page.getByRole('button', { name: `Following ${ada.name}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('follower-count')).toHaveText('1');

  await page.getByRole('link', { name: 'Explore' }).first().click();
  await expect(page.getByRole('heading', { name: 'Explore New Content' })).toBeVisible();
  await expect(page.getByText('No new posts to explore.')).toBeVisible(); // Ben follows the only author
  await visitScreen(page, 'explore-empty');
});

test('On a phone, Ben opens the menu, goes to Help and filters the FAQ', async () => {
  const page = benPage;
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Help' }).click();
    await expect(page.getByRole('heading', { name: 'Help Center' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  } finally {
    await page.setViewportSize({ width: 1440, height: 900 });
  }
  await visitScreen(page, 'help');
  // The support address comes from the api's runtime configuration.
  await expect(page.getByRole('link', { name: 'Email Support' })).toHaveAttribute('href', 'mailto:support@campusclips.example');
  await expect(page.getByText('Monday to Friday, 9am to 5pm EST', { exact: false }).first()).toBeVisible();

  const search = page.getByPlaceholder('Search for help topics...');
  await search.fill('calendar');
  const calendarQuestion = page.getByRole('button', { name: 'How do I use the calendar?' });
  await expect(calendarQuestion).toBeVisible();
  await expect(page.getByRole('button', { name: 'How do I reset my password?' })).toHaveCount(0);
  await calendarQuestion.click();
  await expect(calendarQuestion).toHaveAttribute('aria-expanded', 'true');

  await search.fill('zzzz');
  await expect(page.getByText('No help topics match “zzzz”.')).toBeVisible();
});

test('Ada saves a calendar event and deletes it again', async () => {
  const page = adaPage;
  await page.getByRole('link', { name: 'Calendar' }).first().click();
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await expect(page.getByText('No saved events.')).toBeVisible();
  await visitScreen(page, 'calendar-empty');

  // Month navigation: forward and back again.
  const monthTitle = page.getByRole('region', { name: 'Month calendar' }).getByRole('heading', { level: 2 });
  const thisMonth = await monthTitle.textContent();
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(monthTitle).not.toHaveText(thisMonth!);
  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(monthTitle).toHaveText(thisMonth!);

  const today = await page.evaluate(() => new Date().toDateString());
  await page.getByRole('button', { name: today, exact: true }).click();
  await expect(page.getByRole('heading', { name: /^Add Event for/ })).toBeVisible();
  await page.getByRole('button', { name: 'Save Event' }).click();
  await expect(page.getByText('Please enter an event name.')).toBeVisible();

  await page.getByPlaceholder('Enter event name...').fill('Study group in the library');
  await page.getByRole('button', { name: 'Save Event' }).click();
  await expect(page.getByText('Event saved successfully.')).toBeVisible();
  const saved = page.getByRole('listitem').filter({ hasText: 'Study group in the library' });
  await expect(saved).toBeVisible();
  await visitScreen(page, 'calendar', saved);

  await page.reload(); // stored on the server
  await expect(saved).toBeVisible();
  await expect(page.getByRole('button', { name: `${today}, event: Study group in the library` })).toBeVisible();
  await saved.getByRole('button', { name: /^Delete/ }).click();
  await expect(page.getByText('Event deleted successfully.')).toBeVisible();
  await expect(page.getByText('No saved events.')).toBeVisible();
});

test('Ada updates her profile (photo, bio, interests) and sees it on her profile', async () => {
  const page = adaPage;
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue(ada.name);
  await visitScreen(page, 'settings');

  const photoInput = page.getByTestId('profile-photo-input');
  await photoInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByText('Please select an image file (JPEG, PNG, etc.)')).toBeVisible();
  await photoInput.setInputFiles(avatarPath);
  await expect(page.getByText('Please select an image file (JPEG, PNG, etc.)')).toBeHidden();
  await expect(page.getByText('New photo selected: student-01.png')).toBeVisible();
  await page.getByLabel('Bio', { exact: true }).fill(bio);
  await page.getByRole('button', { name: 'Music', exact: true }).click();
  await page.getByRole('button', { name: 'Photography', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Music', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible({ timeout: 30_000 });
  // The uploaded photo is served back and shown in the sidebar.
  const sidebarPhoto = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('img', { name: `${ada.name}'s photo` });
  await expect(sidebarPhoto).toBeVisible();
  await expect.poll(() => sidebarPhoto.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

  await page.getByRole('link', { name: 'Profile' }).first().click();
  await expect(page.getByRole('heading', { name: ada.name, level: 1 })).toBeVisible();
  // The markup in the bio is shown as typed: no <b> element, no script run.
  await expect(page.getByText(bio, { exact: true })).toBeVisible();
  await expect(page.locator('main b')).toHaveCount(0);
  await expect(page.getByText('Music', { exact: true })).toBeVisible();
  await expect(page.getByText('Photography', { exact: true })).toBeVisible();
  await expect(page.getByText('1 Posts')).toBeVisible();
  await visitScreen(page, 'profile');
});

test('Ada changes her password and signs in again with the new one', async () => {
  const page = adaPage;
  const newPassword = 'Library#2027';
  await page.getByRole('link', { name: 'Settings' }).first().click();
  const current = page.getByLabel('Current Password', { exact: true });
  const next = page.getByLabel('New Password', { exact: true });
  const confirm = page.getByLabel('Confirm New Password', { exact: true });
  const change = page.getByRole('button', { name: 'Change Password' });

  await change.click();
  await expect(page.getByText('Current password is required')).toBeVisible();

  await current.fill('Wrong!password1');
  await next.fill(newPassword);
  await confirm.fill(newPassword);
  await change.click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();

  await current.fill(ada.password);
  await next.fill(newPassword);
  await confirm.fill(newPassword);
  await change.click();
  await expect(page.getByText('Password updated successfully!')).toBeVisible();
  await expect(current).toHaveValue('');
  await expect(next).toHaveValue('');
  await expect(confirm).toHaveValue('');
  ada.password = newPassword;

  expect(await page.evaluate(() => localStorage.getItem('firebaseUid'))).toBeTruthy();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
  // D2: signing out also forgets the uid kept for compatibility.
  expect(await page.evaluate(() => localStorage.getItem('firebaseUid'))).toBeNull();
  await expect(page.getByText('Welcome Back!')).toBeVisible();
  await visitScreen(page, 'login');
  await page.getByLabel('Your Email Address').fill(ada.email);
  await page.getByLabel('Your Password', { exact: true }).fill(ada.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Your Feed' })).toBeVisible();
});

test('Ben deletes his own comment after confirming; it is gone for good', async () => {
  const page = benPage;
  await page.goto(`/tags/${postTag}`);
  const card = adaPost(page);
  await expect(card.getByRole('button', { name: 'Delete post' })).toHaveCount(0); // not his post
  await card.getByRole('button', { name: 'Comments (1)' }).click();
  const benComment = card.getByTestId('comment').filter({ hasText: 'Great clip!' });
  await expect(benComment).toBeVisible();

  // Asked first; Escape changes nothing and gives the focus back.
  const deleteComment = benComment.getByRole('button', { name: 'Delete comment' });
  await deleteComment.click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this comment?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page, 'delete-comment-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(deleteComment).toBeFocused();
  await expect(benComment).toBeVisible();

  await deleteComment.click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(benComment).toHaveCount(0);
  await expect(card.getByText('No comments yet. Be the first to comment!')).toBeVisible();
  await expect(card.getByTestId('comment-count')).toHaveText('0');

  await page.reload();
  await expect(adaPost(page).getByRole('button', { name: 'Comments (0)' })).toBeVisible();
});

test("Ada deletes a second post after confirming; it leaves her feed, her profile and Ben's feed, with its file", async () => {
  const page = adaPage;
  const secondCaption = 'Second take at the quad';
  const adaApi = await signInApiStudent(ada.name, ada.email, ada.password);
  const uploadUrl = await uploadVideo(adaApi, fs.readFileSync(clipPath), 'second-take.mp4');
  await createPost(adaApi, uploadUrl, secondCaption, ['quad']);
  const secondPost = page.getByRole('article').filter({ hasText: secondCaption });
  // The upload itself is private: only what the api transcoded from it is ever served.
  expect((await page.request.get(uploadUrl)).status()).toBe(404);

  // Home and Profile are both loaded, so both hold the post when it is deleted.
  await page.goto('/');
  await expect(secondPost).toBeVisible();
  await expectProcessingOrVideo(secondPost, `Video by ${ada.name}`);
  // Once processed, the video's rendition is served until the post is deleted.
  await waitForVideo(page, secondPost, `Video by ${ada.name}`);
  const secondVideo = secondPost.getByLabel(`Video by ${ada.name}`);
  await expect(secondVideo).toHaveAttribute('src', /^\/media\/videos\/[^/]+-\d+p\.mp4$/);
  const secondClipUrl = (await secondVideo.getAttribute('src'))!;
  expect((await page.request.get(secondClipUrl, { headers: { Range: 'bytes=0-99' } })).status()).toBe(206);
  await page.getByRole('link', { name: 'Profile' }).first().click();
  await expect(page.getByText('2 Posts')).toBeVisible();
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(secondPost).toBeVisible();

  const deletePost = secondPost.getByRole('button', { name: 'Delete post' });
  await deletePost.click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this post?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page, 'delete-post-dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(secondPost).toBeVisible();

  await deletePost.click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(secondPost).toHaveCount(0);
  await expect(adaPost(page)).toBeVisible();

  // The profile, already loaded, changed at once: no reload here.
  await page.getByRole('link', { name: 'Profile' }).first().click();
  await expect(page.getByText('1 Posts')).toBeVisible();
  await expect(page.getByText(secondCaption)).toHaveCount(0);

  await benPage.goto('/');
  await expect(adaPost(benPage)).toBeVisible();
  await expect(benPage.getByRole('article').filter({ hasText: secondCaption })).toHaveCount(0);
  expect((await page.request.get(secondClipUrl)).status()).toBe(404);
});

test('Ada deletes her account in the Danger zone; her post disappears for Ben', async () => {
  const page = adaPage;
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const confirmDelete = page.getByRole('button', { name: 'Delete My Account' });
  await expect(confirmDelete).toBeDisabled();
  await page.getByLabel('Type DELETE to confirm').fill('DELETE');
  await page.getByLabel('Password to confirm', { exact: true }).fill(ada.password);
  await visitScreen(page, 'settings-delete-account', confirmDelete);
  await confirmDelete.click();
  await expect(page.getByRole('heading', { name: 'Welcome to Campus Clips' })).toBeVisible({ timeout: 30_000 });

  // Her sign-in is gone too.
  await page.goto('/login');
  await page.getByLabel('Your Email Address').fill(ada.email);
  await page.getByLabel('Your Password', { exact: true }).fill(ada.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();

  await benPage.goto('/');
  await expect(benPage.getByRole('heading', { name: 'Your Feed' })).toBeVisible();
  await expect(benPage.getByText('No posts from people you follow yet.')).toBeVisible();
  await expect(adaPost(benPage)).toHaveCount(0);
  await benPage.goto(`/tags/${postTag}`);
  await expect(benPage.getByText(`No posts tagged #${postTag} yet.`)).toBeVisible();
  // D3: the clip's file is deleted too.
  expect(clipUrl).toBeTruthy();
  expect((await benPage.request.get(clipUrl!)).status()).toBe(404);
});
