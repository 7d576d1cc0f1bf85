// Google sign-in with no internet: the page gets a local stand-in for Google's api.js (just the
// gapi.iframes messaging the Firebase SDK and the emulator's helper iframe use), and the emulator
// popup's styles, icons and fonts get empty bodies. The popup itself is the emulator's real account chooser.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from '@playwright/test';

const gapiStandIn = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'gapi-stand-in.js'), 'utf8');

export async function serveGoogleOffline(context: BrowserContext): Promise<void> {
  await context.route('https://apis.google.com/js/api.js**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: gapiStandIn }),
  );
  // The emulator's popup asks for Material styles, icons and fonts from the internet.
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (route) =>
    route.fulfill({
      status: 200,
      contentType: route.request().resourceType() === 'script' ? 'application/javascript' : 'text/css',
      body: '',
    }),
  );
}
