// Issue 26 (D17), organizations end to end, three students in three browsers on London time: Ines
// creates the Film Society (joined by request) from /organizations; Kai finds it in the directory
// and asks to join; Ines approves him from Members and makes him an officer (after confirming);
// Kai posts an event as the club ('Post as Film Society' from its page), and the card names the
// club with 'by Kai' underneath; Lena, a member, finds it on Events under 'From my organizations'
// and adds it to her calendar. The students are made verified through the api (creating and
// joining need a verified e-mail), not through the sign-up form. Runs after the campus journey
// (project 'organizations'): its post shows in everyone's Explore.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createApiStudent, graphql, waitUntilReady, type ApiStudent } from './support/scenario';
import { calendarEntries, dayIn } from './support/events';
import { waitForVideo } from './support/processing';
import { visitScreen } from './support/screens';
import { signIn } from './support/students';

const clips = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'media', 'clips');
const screeningClip = path.join(clips, 'game-of-life.mp4');

const zone = 'Europe/London';
const club = { name: 'Film Society', slug: 'film-society' };
const eventName = 'Screening: Metropolis';
const eventDay = dayIn(zone, 4);

test.describe.configure({ mode: 'serial' });

let ines: ApiStudent;
let kai: ApiStudent;
let lena: ApiStudent;
let clubId: string;
let eventPostId: string;
const contexts: BrowserContext[] = [];

test.beforeAll(async () => {
  // A worker that restarts after a failed test runs this again: new addresses then.
  const run = test.info().workerIndex;
  ines = await createApiStudent('Ines Moreau', `ines.moreau.${run}@campus.test`);
  kai = await createApiStudent('Kai Tanaka', `kai.tanaka.${run}@campus.test`);
  lena = await createApiStudent('Lena Fischer', `lena.fischer.${run}@campus.test`);
});

test.afterAll(async () => {
  for (const context of contexts) await context.close();
});

/** A browser of the student's own, on London time, signed in, on Home. */
async function signedInPage(browser: Browser, student: ApiStudent): Promise<Page> {
  const context = await browser.newContext({ timezoneId: zone });
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, student);
  return page;
}

test('Ines creates the Film Society, joined by request', async ({ browser }) => {
  test.slow();
  const page = await signedInPage(browser, ines);
  await page.getByRole('link', { name: 'Organizations', exact: true }).first().click();
  await expect(page).toHaveURL('/organizations');
  await expect(page.getByRole('heading', { name: 'Organizations', level: 1 })).toBeVisible();
  await expect(page.getByText('No organizations here yet. Create the first one!')).toBeVisible();
  await page.getByRole('link', { name: 'Create an organization' }).click();

  await expect(page.getByRole('heading', { name: 'Create an organization' })).toBeVisible();
  // The shared rules first: nothing is sent without a name and a category.
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription('Organization name must be at least 2 characters');
  await page.getByLabel('Name', { exact: true }).fill(club.name);
  await expect(page.getByLabel('Short address')).toHaveValue(club.slug);
  await page.getByLabel('Description').fill('Classic and cult films every Thursday in the old lecture theatre. Popcorn provided.');
  await page.getByLabel('Category').selectOption({ label: 'Arts' });
  await page.getByRole('radio', { name: /By request/ }).check();
  await visitScreen(page, 'organization-create');
  await page.getByRole('button', { name: 'Create organization' }).click();

  await expect(page).toHaveURL(`/org/${club.slug}`);
  await expect(page.getByRole('heading', { name: club.name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('member-count')).toHaveText('1 member · joining by request');
  await expect(page.getByText('You are the owner.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit organization' })).toBeVisible();
  // The owner hands over before leaving: no Leave here.
  await expect(page.getByRole('button', { name: 'Leave' })).toHaveCount(0);
  const { organization } = await graphql<{ organization: { id: string } }>(
    ines,
    'query ($slug: String!) { organization(slug: $slug) { id } }',
    {
      slug: club.slug,
    },
  );
  clubId = organization.id;
});

test('Kai finds it in the directory and asks to join', async ({ browser }) => {
  const page = await signedInPage(browser, kai);
  await page.getByRole('link', { name: 'Organizations', exact: true }).first().click();
  await page.getByRole('searchbox', { name: 'Search organizations by name' }).fill('film');
  await expect(page).toHaveURL('/organizations?q=film');
  await expect(page.getByRole('heading', { name: 'Results for “film”' })).toBeVisible();
  const results = page.getByRole('list', { name: 'Organizations' });
  await expect(results.getByText('Arts · Campus Test University · 1 member')).toBeVisible();
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Sports' });
  await expect(page.getByText('No organizations match these filters.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Arts' });
  await expect(page).toHaveURL('/organizations?q=film&category=ARTS');
  await visitScreen(page, 'organizations');
  await results.getByRole('link', { name: club.name }).click();

  await expect(page).toHaveURL(`/org/${club.slug}`);
  await page.getByRole('button', { name: 'Request to join' }).click();
  await expect(page.getByText('Request sent. An officer will approve or decline it.')).toBeVisible();
  await expect(page.getByText('Requested', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw request' })).toBeVisible();
  // Not a member yet: no Post as.
  await expect(page.getByRole('link', { name: `Post as ${club.name}` })).toHaveCount(0);
});

test('Ines approves Kai from Members and makes him an officer', async ({ browser }) => {
  const page = await signedInPage(browser, ines);
  await page.goto(`/org/${club.slug}`);
  await page.getByRole('tab', { name: 'Members' }).click();
  await expect(page).toHaveURL(`/org/${club.slug}?tab=members`);
  await expect(page.getByRole('heading', { name: 'Requests to join (1)' })).toBeVisible();
  await page.getByRole('button', { name: `Approve ${kai.name}` }).click();
  await expect(page.getByText(`${kai.name} joined.`)).toBeVisible();
  await expect(page.getByText('No requests waiting.')).toBeVisible();

  const members = page.getByRole('list', { name: 'Members' });
  await expect(members.getByRole('listitem')).toHaveCount(2);
  await expect(members.getByRole('listitem').first()).toContainText(`${ines.name}`);
  await expect(members.getByRole('listitem').first()).toContainText('Owner');
  await expect(page.getByTestId('member-count')).toHaveText('2 members · joining by request');

  await members.getByRole('button', { name: `Make officer: ${kai.name}` }).click();
  const question = page.getByRole('alertdialog', { name: `Make ${kai.name} an officer?` });
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await members.getByRole('button', { name: `Make officer: ${kai.name}` }).click();
  await question.getByRole('button', { name: 'Make officer' }).click();
  await expect(page.getByText(`${kai.name} is now an officer.`)).toBeVisible();
  await expect(members.getByRole('listitem').nth(1)).toContainText('Officer');
  await expect(members.getByRole('button', { name: `Remove as officer: ${kai.name}` })).toBeVisible();
  await visitScreen(page, 'organization-members');
});

test('Kai posts an event as the Film Society', async ({ browser }) => {
  test.slow();
  const page = await signedInPage(browser, kai);
  await page.goto(`/org/${club.slug}`);
  await expect(page.getByText('You are an officer.')).toBeVisible();
  await page.getByRole('link', { name: `Post as ${club.name}` }).click();
  await expect(page.getByRole('heading', { name: 'Create New Post' })).toBeVisible();
  const postAs = page.getByRole('group', { name: 'Post as' });
  await expect(postAs.getByRole('radio', { name: club.name })).toBeChecked();
  await expect(postAs.getByRole('radio', { name: `Yourself (${kai.name})` })).not.toBeChecked();

  await page.getByLabel('Choose a video file').setInputFiles(screeningClip);
  await page.getByRole('button', { name: 'Upload Video' }).click();
  await expect(page.getByText('Upload complete')).toBeVisible({ timeout: 30_000 });
  await page.getByPlaceholder('Write a caption for your video...').fill(`${eventName}\nThe 1927 cut, with live piano`);
  await page.getByRole('button', { name: 'Add an event' }).click();
  await page.getByLabel('Date').fill(eventDay);
  await page.getByLabel('Starts at').fill('19:30');
  await page.getByLabel('Place (optional)').fill('Old lecture theatre');
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('CreatePost'),
  );
  await page.getByRole('button', { name: 'Create Post' }).click();
  const body = (await (await created).json()) as { data: { createPost: { id: string; organization: { name: string } | null } } };
  eventPostId = body.data.createPost.id;
  expect(body.data.createPost.organization?.name).toBe(club.name);
  await expect(page).toHaveURL('/');
  await waitUntilReady(kai, eventPostId, 120_000);

  // Its page lists it under Posts and Upcoming events: the club's name, 'by Kai' underneath.
  await page.goto(`/org/${club.slug}?tab=posts`);
  const card = page.getByRole('article', { name: club.name });
  await waitForVideo(page, card, `Video by ${club.name}`);
  await expect(card.getByText(`by ${kai.name}`)).toBeVisible();
  await expect(card.getByRole('link', { name: kai.name })).toHaveAttribute('href', `/user/${kai.uid}`);
  await page.getByRole('tab', { name: 'Upcoming events' }).click();
  await expect(page.getByRole('region', { name: `Event: ${eventName}` })).toBeVisible();
});

test("Lena, a member, finds it on Events under 'From my organizations' and adds it to her calendar", async ({ browser }) => {
  test.slow();
  // Lena asks and Ines approves through the api (the browser steps above showed both).
  await graphql(lena, 'mutation ($id: ID!) { joinOrganization(id: $id) { id } }', { id: clubId });
  await graphql(ines, 'mutation ($id: ID!, $userId: ID!) { decideJoinRequest(id: $id, userId: $userId, approve: true) { id } }', {
    id: clubId,
    userId: lena.uid,
  });

  const page = await signedInPage(browser, lena);
  await page.getByRole('link', { name: 'Events', exact: true }).first().click();
  await page.getByRole('button', { name: 'From my organizations' }).click();
  await expect(page).toHaveURL('/events?from=my-organizations');
  await expect(page.getByRole('button', { name: 'From my organizations' })).toHaveAttribute('aria-pressed', 'true');
  const card = page.getByRole('article', { name: club.name });
  const event = card.getByRole('region', { name: `Event: ${eventName}` });
  await expect(event).toBeVisible();
  await expect(card.getByText(`by ${kai.name}`)).toBeVisible();
  // Only the events of her organizations: this one is the list.
  await expect(page.getByRole('region', { name: /^Event: / })).toHaveCount(1);
  await event.getByRole('button', { name: 'Add to my calendar' }).click();
  await expect(event.getByRole('status')).toHaveText(/^Added to your calendar/);
  expect((await calendarEntries(lena)).find((entry) => entry.date === eventDay)).toMatchObject({
    name: eventName,
    post: { id: eventPostId },
  });

  // The club's page as a member sees it, photographed for the README at both sizes.
  await page.goto(`/org/${club.slug}?tab=posts`);
  await expect(page.getByText('Member', { exact: true })).toBeVisible();
  await waitForVideo(page, page.getByRole('article', { name: club.name }), `Video by ${club.name}`);
  await visitScreen(page, 'organization');
});
