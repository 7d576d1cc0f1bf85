// How Debian's Chromium is launched, for the browser tests (playwright.config.ts) and the phone
// benchmark (bench/phone.mjs, which Node 24 loads as TypeScript): one list, so the figures are
// taken in the browser the tests use. Playwright never downloads a browser here.
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    // Nothing from outside this machine: no QUIC probes, no updates, no sync.
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
