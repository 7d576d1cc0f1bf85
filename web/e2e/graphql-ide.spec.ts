// The GraphQL IDE (issue 12): GraphiQL at GET /graphql, served by the api from the web build with its
// editor's workers, nothing from a CDN. A query runs with autocompletion, the docs explorer reads the
// schema, history keeps the run, and a subscription carries the headers editor's Authorization to the
// WebSocket's connectionParams.
import { expect, test, type Page, type WebSocket } from '@playwright/test';
import { e2eSettings } from './support/settings';

/** Console errors and requests that left the api's origin: the IDE must work offline, within the CSP. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== e2eSettings.baseURL) problems.push(`request elsewhere: ${request.url()}`);
  });
  return problems;
}

async function openIde(page: Page): Promise<void> {
  await page.goto('/graphql');
  await expect(page).toHaveTitle('Campus Clips GraphQL');
  // The editor (Monaco, with its workers) can take over 10 s to start on a busy 2-core machine.
  await expect(page.getByRole('region', { name: 'Operation Editor' }).locator('.monaco-editor')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Campus Clips GraphQL', { exact: true })).toBeVisible();
}

/** Replaces an editor's text as a paste would (one line: a typed newline would auto-indent and close brackets). */
async function setEditor(page: Page, region: 'Operation Editor' | 'Headers', text: string): Promise<void> {
  // (The Headers region holds the hidden variables editor too.)
  const editor = page.getByRole('region', { name: region }).locator('.monaco-editor').filter({ visible: true });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

/** GraphiQL takes the operation's name from the editor a moment after an edit: run once the tab shows it. */
async function expectOperation(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('tab', { name, exact: true, selected: true })).toBeVisible();
}

const resultWindow = (page: Page) => page.getByRole('region', { name: 'Result Window' });
const run = (page: Page) => page.getByRole('button', { name: /^Execute query/ }).click();

test('runs a query typed with autocompletion, and keeps it in history', async ({ page }) => {
  const problems = watchProblems(page);
  await openIde(page);
  // The headers editor is open, with the Authorization line waiting for a token.
  await expect(page.getByRole('region', { name: 'Headers' })).toContainText('"Authorization": "Bearer <token>"');

  await setEditor(page, 'Operation Editor', '');
  await page.keyboard.type('{ interestCat');
  const suggestions = page.locator('.suggest-widget');
  await expect(suggestions.getByText('interestCatalogue', { exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Operation Editor' })).toContainText('{ interestCatalogue}');
  await expectOperation(page, '<untitled>');

  await run(page);
  await expect(resultWindow(page)).toContainText('"Basketball"');

  await page.getByRole('button', { name: 'Show History' }).click();
  await expect(page.locator('.graphiql-history')).toContainText('interestCatalogue');
  expect(problems).toEqual([]);
});

test('the docs explorer lists the schema', async ({ page }) => {
  const problems = watchProblems(page);
  await openIde(page);
  await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
  const docs = page.getByRole('region', { name: 'Documentation Explorer' });
  await expect(docs.getByText('Root Types')).toBeVisible();
  await expect(docs.getByRole('link', { name: 'Subscription', exact: true })).toBeVisible();
  await docs.getByRole('link', { name: 'Query', exact: true }).click();
  await expect(docs.getByRole('link', { name: 'Go back to Docs' })).toBeVisible();
  await expect(docs.getByRole('link', { name: 'interestCatalogue', exact: true })).toBeVisible();
  await expect(docs.getByText("Posts of people the viewer does not follow (not the viewer's own), newest first")).toBeVisible();
  expect(problems).toEqual([]);
});

/** An emulator account's ID token (no Campus Clips profile: nothing other tests could see). */
async function idToken(email: string): Promise<string> {
  const response = await fetch(
    `http://${e2eSettings.authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'Campus!2026', returnSecureToken: true }),
    },
  );
  if (!response.ok) throw new Error(`emulator sign-up answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { idToken: string }).idToken;
}

/** The graphql-ws messages the page sends and receives on its next socket to /graphql. */
function nextGraphQLSocket(page: Page): {
  sent: Array<Record<string, unknown>>;
  received: Array<Record<string, unknown>>;
  opened: Promise<WebSocket>;
} {
  const sent: Array<Record<string, unknown>> = [];
  const received: Array<Record<string, unknown>> = [];
  const opened = page
    .waitForEvent('websocket', (socket) => new URL(socket.url()).pathname === '/graphql')
    .then((socket) => {
      socket.on('framesent', (frame) => sent.push(JSON.parse(String(frame.payload))));
      socket.on('framereceived', (frame) => received.push(JSON.parse(String(frame.payload))));
      return socket;
    });
  return { sent, received, opened };
}

const SUBSCRIPTION = 'subscription NewComments { commentAdded(postId: "1") { id text } }';

test('a subscription goes over graphql-ws with the headers editor token as connectionParams', async ({ page }) => {
  const problems = watchProblems(page);
  const token = await idToken(`ide.subscriber.${test.info().repeatEachIndex}@campus.test`);
  await openIde(page);

  await setEditor(page, 'Headers', JSON.stringify({ Authorization: `Bearer ${token}` }));
  await setEditor(page, 'Operation Editor', SUBSCRIPTION);
  await expectOperation(page, 'NewComments');
  const socket = nextGraphQLSocket(page);
  await run(page);
  expect(new URL((await socket.opened).url()).host).toBe(new URL(e2eSettings.baseURL).host);
  await expect.poll(() => socket.received.map((message) => message.type)).toContain('connection_ack');
  expect(socket.sent[0]).toEqual({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } });
  expect(socket.sent[1]).toMatchObject({ type: 'subscribe', payload: { query: SUBSCRIPTION } });
  // Accepted and listening: the run button has become the stop button.
  await expect(page.getByRole('button', { name: /^Stop query/ })).toBeVisible();
  await page.getByRole('button', { name: /^Stop query/ }).click();
  await expect.poll(() => socket.sent.map((message) => message.type)).toContain('complete');

  // A token the api refuses closes the socket with 4403 Forbidden, shown at once.
  await setEditor(page, 'Headers', '{ "Authorization": "Bearer not-a-real-token" }');
  const refused = nextGraphQLSocket(page);
  await run(page);
  await refused.opened;
  await expect(resultWindow(page)).toContainText('4403');
  expect(refused.sent[0]).toEqual({ type: 'connection_init', payload: { authorization: 'Bearer not-a-real-token' } });
  expect(problems).toEqual([]);
});
