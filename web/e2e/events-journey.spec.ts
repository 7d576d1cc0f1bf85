// Issue 18, campus events end to end, two students in two browsers on London time: Mira posts a
// film-night clip with an event from Create Post; Theo finds it on /events (and through its
// filters), adds it to his calendar, sees it there on that day with a link back to the post, and
// downloads its .ics (an iCalendar file with the event's zone). On a day that already holds his
// own entry, Add asks first: 'Keep mine' changes nothing, 'Replace' replaces it. Runs after the
// notifications journey (project 'events'): its posts show in everyone's Explore.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createApiStudent, uploadVideo, waitUntilReady, type ApiStudent } from './support/scenario';
import { calendarEntries, createEventPost, dayIn, saveCalendarEntry } from './support/events';
import { visitScreen } from './support/screens';
import { signIn } from './support/students';

const clips = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'media', 'clips');
const filmClip = path.join(clips, 'colour-sweep.mp4');
const quizClip = fs.readFileSync(path.join(clips, 'mandelbrot-zoom.mp4'));

const zone = 'Europe/London';
const filmName = 'Film night: Casablanca';
const filmCaption = `${filmName}\nBring a blanket, we bring the popcorn`;
const filmDay = dayIn(zone, 3);
const quizName = 'Quiz night at the union';
const quizDay = dayIn(zone, 5);
const ownEntry = 'Study group';

test.describe.configure({ mode: 'serial' });

let host: ApiStudent;
let guest: ApiStudent;
let filmPostId: string;
let quizPostId: string;
const contexts: BrowserContext[] = [];

test.beforeAll(async () => {
  test.setTimeout(150_000);
  // A worker that restarts after a failed test runs this again: new addresses then.
  const run = test.info().workerIndex;
  host = await createApiStudent('Mira Okafor', `mira.okafor.${run}@campus.test`);
  guest = await createApiStudent('Theo Lindqvist', `theo.lindqvist.${run}@campus.test`);
  quizPostId = await createEventPost(host, await uploadVideo(host, quizClip, 'quiz.mp4'), `${quizName}\nTeams of four`, ['quiz'], {
    date: quizDay,
    startTime: '18:00',
    place: 'Student union bar',
    timeZone: zone,
  });
  await waitUntilReady(host, quizPostId, 120_000);
  // Theo's own plan for the quiz's day.
  await saveCalendarEntry(guest, quizDay, ownEntry);
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

/** 'YYYY-MM-DD' as the calendar writes it ('Fri Nov 27 2026'). */
function calendarDate(key: string): string {
  const [year, month, day] = key.split('-').map(Number);
  return new Date(year, month - 1, day).toDateString();
}

test('Mira posts a film-night clip with an event', async ({ browser }) => {
  test.setTimeout(150_000);
  const page = await signedInPage(browser, host);
  await page.getByRole('link', { name: 'Create Post' }).first().click();
  await expect(page.getByRole('heading', { name: 'Create New Post' })).toBeVisible();
  await page.getByLabel('Choose a video file').setInputFiles(filmClip);
  await page.getByRole('button', { name: 'Upload Video' }).click();
  await expect(page.getByText('Upload complete')).toBeVisible({ timeout: 30_000 });
  await page.getByPlaceholder('Write a caption for your video...').fill(filmCaption);
  await page.getByPlaceholder('Add tags separated by commas (e.g. fun, campus, event)').fill('film, campus');

  await page.getByRole('button', { name: 'Add an event' }).click();
  // The name is the caption's first line unless she types one.
  await expect(page.getByLabel('Event name')).toHaveAttribute('placeholder', filmName);
  await page.getByLabel('Date').fill(filmDay);
  await page.getByLabel('Starts at').fill('21:30');
  await page.getByLabel('Ends at (optional)').fill('19:00');
  await page.getByLabel('Place (optional)').fill('Main hall');
  // An end before the start is refused by the field, before anything is sent.
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByLabel('Ends at (optional)')).toHaveAccessibleDescription('The event must end after it starts, on the same day.');
  await page.getByLabel('Starts at').fill('19:00');
  await page.getByLabel('Ends at (optional)').fill('21:30');
  await visitScreen(page, 'create-post-event');

  const created = page.waitForResponse(
    (response) => response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('CreatePost'),
  );
  await page.getByRole('button', { name: 'Create Post' }).click();
  const body = (await (await created).json()) as { data: { createPost: { id: string; event: { name: string; timeZone: string } } } };
  filmPostId = body.data.createPost.id;
  expect(body.data.createPost.event).toMatchObject({ name: filmName, timeZone: zone });
  await expect(page).toHaveURL('/');
  await waitUntilReady(host, filmPostId, 120_000);
});

test('Theo finds it on Events, adds it to his calendar, finds it there and downloads the .ics', async ({ browser }) => {
  test.slow();
  const page = await signedInPage(browser, guest);
  await page.getByRole('link', { name: 'Events', exact: true }).first().click();
  await expect(page).toHaveURL('/events');
  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  const film = page.getByRole('region', { name: `Event: ${filmName}` });
  const quiz = page.getByRole('region', { name: `Event: ${quizName}` });
  await expect(film).toBeVisible();
  await expect(quiz).toBeVisible();
  // Soonest first: the film (in three days) before the quiz (in five).
  const names = await page
    .getByRole('region', { name: /^Event: / })
    .evaluateAll((regions) => regions.map((r) => r.getAttribute('aria-label')));
  expect(names.indexOf(`Event: ${filmName}`)).toBeLessThan(names.indexOf(`Event: ${quizName}`));
  await expect(film.locator('time')).toHaveText(/7:00\s–\s9:30\spm$/);
  await expect(film.getByText('Main hall')).toBeVisible();

  // The filters live in the address: the film's day, then a tag.
  await page.getByLabel('On a day').fill(filmDay);
  await expect(page).toHaveURL(`/events?date=${filmDay}`);
  await expect(film).toBeVisible();
  await expect(quiz).toBeHidden();
  await page.getByRole('button', { name: 'All upcoming' }).click();
  await page.getByRole('textbox', { name: 'Tag', exact: true }).fill('quiz');
  await page.getByRole('button', { name: 'Filter by tag' }).click();
  await expect(page).toHaveURL('/events?tag=quiz');
  await expect(quiz).toBeVisible();
  await expect(film).toBeHidden();
  await page.getByRole('button', { name: 'Clear tag #quiz' }).click();
  await expect(page).toHaveURL('/events');
  await expect(film).toBeVisible();
  await visitScreen(page, 'events');

  await film.getByRole('button', { name: 'Add to my calendar' }).click();
  await expect(film.getByRole('status')).toHaveText(/^Added to your calendar/);
  await expect(film.getByText('1 going')).toBeVisible();
  // Adding it again changes nothing.
  await film.getByRole('button', { name: 'Add to my calendar' }).click();
  await expect(film.getByRole('status')).toHaveText(/^This event is already in your calendar\./);

  await film.getByRole('link', { name: 'Open your calendar' }).click();
  await expect(page).toHaveURL('/calendar');
  const entry = page.getByRole('listitem').filter({ hasText: filmName });
  await expect(entry).toContainText(`${calendarDate(filmDay)}: ${filmName}`);
  const viewPost = entry.getByRole('link', { name: `View post for ${filmName}` });
  await expect(viewPost).toHaveAttribute('href', `/post/${filmPostId}`);
  await visitScreen(page, 'calendar-with-event');

  await viewPost.click();
  await expect(page).toHaveURL(`/post/${filmPostId}`);
  const panel = page.getByRole('region', { name: `Event: ${filmName}` });
  const downloading = page.waitForEvent('download');
  await panel.getByRole('link', { name: 'Download .ics' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const ics = fs.readFileSync(await download.path(), 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain(`SUMMARY:${filmName.replace(/[,;]/g, '\\$&')}`);
  expect(ics).toContain(`DTSTART;TZID=${zone}:${filmDay.replaceAll('-', '')}T190000`);
  expect(ics).toContain(`TZID:${zone}`);
});

test("On a day that holds his own entry, Add asks first: 'Keep mine' keeps it, 'Replace' replaces it", async ({ browser }) => {
  const page = await signedInPage(browser, guest);
  await page.goto(`/events?date=${quizDay}`);
  const quiz = page.getByRole('region', { name: `Event: ${quizName}` });
  await quiz.getByRole('button', { name: 'Add to my calendar' }).click();
  const question = page.getByRole('alertdialog', { name: new RegExp(`^Replace ${ownEntry} on .+\\?$`) });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep mine' }).click();
  await expect(question).toBeHidden();
  expect((await calendarEntries(guest)).find((e) => e.date === quizDay)).toMatchObject({ name: ownEntry, post: null });

  await quiz.getByRole('button', { name: 'Add to my calendar' }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Replace' }).click();
  await expect(question).toBeHidden();
  await expect(quiz.getByRole('status')).toHaveText(/^Added to your calendar/);
  expect((await calendarEntries(guest)).find((e) => e.date === quizDay)).toMatchObject({ name: quizName, post: { id: quizPostId } });
});
