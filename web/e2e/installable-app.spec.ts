// Issue 16 item 4: Campus Clips can be installed on a phone's home screen (a valid web app
// manifest with icons that load, a service worker), and a navigation without a network shows the
// app's own offline screen, which opens the page by itself once the network is back.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './support/screens';

/** Width and height from a PNG's IHDR chunk; fails on anything that is not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex'), 'PNG signature').toBe('89504e470d0a1a0a');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function expectPng(request: APIRequestContext, src: string, size: number): Promise<void> {
  const response = await request.get(src);
  expect(response.status(), src).toBe(200);
  expect(response.headers()['content-type'], src).toBe('image/png');
  expect(pngSize(await response.body()), src).toEqual({ width: size, height: size });
}

/** Waits until the service worker is active and controls this page. */
async function controlledByServiceWorker(page: Page): Promise<string> {
  const scriptURL = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? null);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return new URL(scriptURL ?? '').pathname;
}

test('links a valid manifest whose icons load, and registers the service worker', async ({ page, request }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to Campus Clips' })).toBeVisible();

  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const response = await request.get(manifestHref!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
  };
  expect(manifest).toMatchObject({ name: 'Campus Clips', start_url: '/', display: 'standalone' });
  expect(manifest.short_name.length).toBeGreaterThan(0);
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

  // Chromium's install criteria: a 192 and a 512 PNG icon; Android's adaptive icon: a maskable one.
  const pngIcons = manifest.icons.filter((icon) => icon.type === 'image/png');
  const icon = (sizes: string, purpose: string) => pngIcons.find((entry) => entry.sizes === sizes && (entry.purpose ?? 'any') === purpose);
  expect(icon('192x192', 'any')).toBeDefined();
  expect(icon('512x512', 'any')).toBeDefined();
  expect(icon('512x512', 'maskable')).toBeDefined();
  for (const entry of pngIcons) await expectPng(request, entry.src, Number(entry.sizes.split('x')[0]));

  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  await expectPng(request, touchIcon!, 180);
  // The browser's own bar follows the system colours too.
  await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]')).toHaveCount(1);
  await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveCount(1);

  expect(await controlledByServiceWorker(page)).toBe('/sw.js');
  const worker = await request.get('/sw.js');
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  // The build fills in the app shell to precache: the scripts index.html loads.
  const source = await worker.text();
  const shell = JSON.parse(/const SHELL = (\[.*\]);/.exec(source)?.[1] ?? '[]') as string[];
  expect(shell.some((file) => /^\/assets\/index-.*\.js$/.test(file))).toBe(true);
  for (const file of shell) expect((await request.get(file)).status(), file).toBe(200);
});

test('without a network a page opens as "You\'re offline"; it opens by itself when the network is back', async ({ page, context }) => {
  await page.goto('/login');
  await controlledByServiceWorker(page);

  await context.setOffline(true);
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
  await expect(page).toHaveURL('/terms');
  await expectAccessible(page, 'offline');
  // Nothing the app asks the api for is answered from a cache: GraphQL fails like the network.
  const graphqlOffline = await page.evaluate(() =>
    fetch('/graphql', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"query":"{__typename}"}' }).then(
      () => 'answered',
      () => 'failed',
    ),
  );
  expect(graphqlOffline).toBe('failed');

  // Try again with the network still gone: the same screen again (a new page), at the same address.
  await page.evaluate(() => Object.assign(window, { beforeRetry: true }));
  await page.getByRole('link', { name: 'Try again' }).click();
  await page.waitForFunction(() => !('beforeRetry' in window) && document.readyState === 'complete');
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
  await expect(page).toHaveURL('/terms');

  // The network comes back: the page the student wanted opens without a tap.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: "You're offline" })).toHaveCount(0);
});
