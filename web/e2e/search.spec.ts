// Issue 27, one search box: Tomasz looks for his classmate Priyanka by a misspelt name (the
// suggestions offer her while he types), searches, and follows her from the People tab; searches a
// word of her caption and opens her clip in the full-screen viewer; searches her workshop and finds
// the event, when and where. The query lives in the address (a reload keeps the tab). Runs after
// `events` (project `search`): its posts show in everyone's Explore.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { createApiStudent, createPost, uploadVideo, waitUntilReady, type ApiStudent } from './support/scenario';
import { createEventPost, dayIn } from './support/events';
import { visitScreen } from './support/screens';
import { signIn } from './support/students';

const clips = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'media', 'clips');
const zone = 'Europe/London';
const classmateName = 'Priyanka Raghunathan';
const caption = 'Zeppelin model launch on the quad';
const workshop = 'Glassblowing workshop';

test.describe.configure({ mode: 'serial' });

let classmate: ApiStudent;
let searcher: ApiStudent;
let clipId: string;
let page: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  // A worker that restarts after a failed test runs this again: new addresses then.
  const run = test.info().workerIndex;
  classmate = await createApiStudent(classmateName, `priyanka.raghunathan.${run}@campus.test`);
  searcher = await createApiStudent('Tomasz Nowak', `tomasz.nowak.${run}@campus.test`);
  clipId = await createPost(
    classmate,
    await uploadVideo(classmate, fs.readFileSync(path.join(clips, 'game-of-life.mp4')), 'zeppelin.mp4'),
    caption,
    ['aeromodelling'],
  );
  const eventId = await createEventPost(
    classmate,
    await uploadVideo(classmate, fs.readFileSync(path.join(clips, 'color-bars.mp4')), 'glass.mp4'),
    `${workshop}\nBring closed shoes`,
    ['makers'],
    { date: dayIn(zone, 2), startTime: '17:30', place: 'Makerspace, Engineering building', timeZone: zone },
  );
  await waitUntilReady(classmate, clipId, 120_000);
  await waitUntilReady(classmate, eventId, 120_000);
  const context = await browser.newContext({ timezoneId: zone });
  page = await context.newPage();
  await signIn(page, searcher);
});

test.afterAll(async () => {
  await page?.context().close();
});

const searchBox = () => page.getByRole('combobox', { name: 'Search people, organizations, clips, tags and events' });

test('a misspelt name: the box suggests her; the People tab finds her, and Tomasz follows her there', async () => {
  await searchBox().fill('Priyanka Ragunathan');
  // The suggestions, as the combobox offers them.
  const suggestion = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: classmateName });
  await expect(suggestion).toBeVisible();
  await expect(searchBox()).toHaveAttribute('aria-expanded', 'true');
  await searchBox().press('Escape');
  await expect(searchBox()).toHaveAttribute('aria-expanded', 'false');
  await searchBox().press('Enter');
  await expect(page).toHaveURL(/\/search\?q=Priyanka\+Ragunathan$|\/search\?q=Priyanka%20Ragunathan$/);
  await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();

  await page.getByRole('tab', { name: 'People' }).click();
  await expect(page).toHaveURL(/tab=people/);
  const people = page.getByRole('tabpanel', { name: 'People' });
  await expect(people.getByRole('link', { name: classmateName })).toBeVisible();
  await visitScreen(page, 'search-people');
  await people.getByRole('button', { name: `Follow ${classmateName}` }).click();
  await expect(people.getByRole('button', { name: `Following ${classmateName}` })).toBeVisible();
  // The tab and the query stay in the address: a reload shows the same list, still followed.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'People' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'People' }).getByRole('button', { name: `Following ${classmateName}` })).toBeVisible();
});

test('a word of her caption finds the clip, which opens in the full-screen viewer', async () => {
  await searchBox().fill('zeppelin');
  await searchBox().press('Enter');
  await expect(page).toHaveURL(/\/search\?q=zeppelin$/);
  const clipsSection = page.getByRole('region', { name: 'Clips' });
  const open = clipsSection.getByRole('button', { name: `Open clip by ${classmateName} full screen: ${caption}` });
  await expect(open).toBeVisible();
  await visitScreen(page, 'search-top');
  await open.click();
  await expect(page).toHaveURL(new RegExp(`view=${clipId}`));
  const viewer = page.getByRole('dialog', { name: /^Clip viewer/ });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText(caption)).toBeVisible();
  await viewer.getByRole('button', { name: 'Close viewer' }).click();
  await expect(viewer).toBeHidden();
  await expect(open).toBeFocused();
});

test('her workshop is found as an event, with its day, time and place', async () => {
  await searchBox().fill('glassblowing');
  await searchBox().press('Enter');
  await page.getByRole('tab', { name: 'Events' }).click();
  await expect(page).toHaveURL(/\/search\?q=glassblowing&tab=events$/);
  const events = page.getByRole('tabpanel', { name: 'Events' });
  await expect(events.getByText(workshop)).toBeVisible();
  await expect(events.getByText('Makerspace, Engineering building', { exact: false })).toBeVisible();
  await expect(events.getByRole('button', { name: 'Add to my calendar' })).toBeVisible();
  await visitScreen(page, 'search-events');
  // Nothing matches: the page says what was searched.
  await searchBox().fill('xylophonequartet');
  await searchBox().press('Enter');
  await expect(page.getByText('No results for “xylophonequartet”')).toBeVisible();
});
