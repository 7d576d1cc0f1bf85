// Browser tests (issue 4): Debian's Chromium against the real api, which serves a fresh web build,
// a fresh PostgreSQL database and its own Firebase Auth emulator (see e2e/global-setup.ts).
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/support/chromium';
import { e2eSettings } from './e2e/support/settings';

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  // The student journey is one serial story; the stand-alone screens run beside it.
  fullyParallel: false,
  workers: 2,
  // One retry on CI: two browsers, transcoding and the api share two cores there, and a timing
  // miss is not a bug; a test that passes only on its retry is still named at the end of `npm test`.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['html', { open: 'never' }]],
  // All files share one api and database. The journey asserts exact feeds (an empty Explore, the
  // end of a one-post feed), so the file that fills a feed with many posts runs after it, and the
  // one that posts clips of every format (each shows in others' Explore) after that, then the shared
  // post page, the moderation journey and the notifications journey, one after the other (their
  // posts show in Explore too).
  projects: [
    {
      name: 'journey-and-screens',
      testIgnore:
        /(feed-scrolling|transcoded-playback|post-page|moderation-journey|notifications-journey|events-journey|phone-viewer|campus-identity|search|organizations|captions-journey)\.spec\.ts/,
    },
    { name: 'busy-feeds', testMatch: /feed-scrolling\.spec\.ts/, dependencies: ['journey-and-screens'] },
    { name: 'transcoded-media', testMatch: /transcoded-playback\.spec\.ts/, dependencies: ['busy-feeds'] },
    { name: 'post-pages', testMatch: /post-page\.spec\.ts/, dependencies: ['transcoded-media'] },
    { name: 'moderation', testMatch: /moderation-journey\.spec\.ts/, dependencies: ['post-pages'] },
    { name: 'notifications', testMatch: /notifications-journey\.spec\.ts/, dependencies: ['moderation'] },
    { name: 'events', testMatch: /events-journey\.spec\.ts/, dependencies: ['notifications'] },
    // Issue 25: sign-up, verification and campus-first lists (its post shows in everyone's Explore).
    { name: 'campus-identity', testMatch: /campus-identity\.spec\.ts/, dependencies: ['events'] },
    // Issue 27: search finds a classmate, a clip and an event (its posts show in Explore too).
    { name: 'search', testMatch: /search\.spec\.ts/, dependencies: ['campus-identity'] },
    // Issue 26: a club made, joined by request, an officer's event as the club (it shows in everyone's Explore).
    { name: 'organizations', testMatch: /organizations\.spec\.ts/, dependencies: ['search'] },
    // Issue 28: the keyboard-only journey and captions, after the others (its clips show in everyone's Explore).
    { name: 'captions', testMatch: /captions-journey\.spec\.ts/, dependencies: ['organizations'] },
    // Issue 16 on a phone: the full-screen viewer and a 200-post Home (its long feed sits a day back,
    // under what the later files post in Explore).
    {
      name: 'phone',
      testMatch: /phone-viewer\.spec\.ts/,
      dependencies: ['busy-feeds'],
      use: { ...devices['Pixel 7'], browserName: 'chromium' },
    },
  ],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: e2eSettings.baseURL,
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
});
