#!/usr/bin/env node
// Watching on a phone (issue 16): a Pixel 7 in Chromium against the built web app and api, with
// the network throttled to a slow phone connection (CDP: 1.6 Mbps down, 750 kbps up, 150 ms round
// trip). Figures, not pass/fail assertions:
//   - swipe to the next clip's first frame in the full-screen viewer (the next clip was preloaded);
//   - layout shift (CLS) on Home and in the viewer;
//   - Largest Contentful Paint of Home, a cold load (no HTTP cache, no service worker) on the slow phone connection;
//   - <video> elements, cards and JS heap (after a forced GC) once Home holds 20 posts, 200 and 400;
//   - a Like tap at post 200, to the button showing it;
//   - the heap in the full-screen viewer at clip 20, 200 and 400;
//   - JavaScript gzip before the login screen paints (bench/web-weight.mjs).
// Standalone: `npm run bench:phone` (node bench/phone.mjs). Writes bench/results/phone-latest.json and .md.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, devices } from '@playwright/test';
import { withClient } from './dataset/generate.mjs';
import { gql } from './scenarios/graphql.mjs';
import { createPostWithVideo, root, round, runStandalone, sleep, verifiedToken } from './lib/standalone.mjs';
import { chromiumLaunchOptions } from '../web/e2e/support/chromium.ts';
import { measureWebWeight } from './web-weight.mjs';

const POSTS = 200;
/** A longer scroll still, to show where the heap settles. */
const LONG_SCROLL = 400;
/** The viewer's heap is read at these clips. */
const VIEWER_CLIPS = { early: 20, late: 200, longest: 400 };
const SLOW_PHONE = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };
const SWIPES = 5;
const GOALS = { swipeToFrameMs: 300, cls: 0.05, homeLcpMs: 2500 };

/** An emulator account the browser can sign in with (e-mail and password), with its profile. */
async function createAccount(ctx, apiUrl, name, email) {
  const password = 'Bench#12345';
  const response = await fetch(`http://${ctx.emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, displayName: name, returnSecureToken: true }),
  });
  const account = await response.json();
  if (!response.ok) throw new Error(`emulator sign-up failed: ${JSON.stringify(account)}`);
  const token = await verifiedToken(ctx.emulatorHost, account.localId, email, password);
  await gql(apiUrl, token, `mutation($input: SyncUserInput!) { syncUser(input: $input) { id } }`, {
    input: { displayName: name, dateOfBirth: '2001-03-04' },
  });
  return { uid: account.localId, token, email, password };
}

/**
 * `count` posts by `authorUid` in all: copies of the transcoded `sourceIds` (same video files),
 * written in PostgreSQL, as web/e2e/support/many-posts.ts does: 200 transcodes would take minutes.
 */
async function copyPosts(databaseUrl, sourceIds, authorUid, count) {
  await withClient(databaseUrl, async (client) => {
    const { rows: columns } = await client.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'posts' AND table_schema = current_schema() AND is_generated = 'NEVER'`,
    );
    const fresh = new Set(['id', 'author_uid', 'caption', 'created_at', 'upload_id', 'like_count', 'comment_count', 'mentions']);
    const kept = columns.map((column) => column.column_name).filter((name) => !fresh.has(name));
    await client.query(
      `INSERT INTO posts (author_uid, caption, created_at, ${kept.map((name) => `"${name}"`).join(', ')})
       SELECT $1, 'Bench clip ' || g.n, now() - interval '1 day' - (($3 - g.n) * interval '1 minute'), ${kept.map((name) => `s."${name}"`).join(', ')}
       FROM generate_series(1, $3::int) AS g(n)
       JOIN posts s ON s.id = ($2::uuid[])[1 + (g.n % array_length($2::uuid[], 1))]`,
      [authorUid, sourceIds, count],
    );
    await client.query(`UPDATE users SET post_count = post_count + $2 WHERE firebase_uid = $1`, [authorUid, count]);
  });
}

// Runs in the page before anything else: the layout shifts (without recent input) summed up, and
// the latest Largest Contentful Paint candidate (what it was and when, from navigation start).
function observeLayoutShift() {
  window.__cls = 0;
  window.__lcp = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    const entry = list.getEntries().at(-1);
    if (!entry) return;
    const element = entry.element;
    const what = element
      ? `${element.tagName.toLowerCase()}${element.getAttribute('aria-label') ? ` "${element.getAttribute('aria-label')}"` : ''}`
      : 'removed element';
    window.__lcp = { ms: Math.round(entry.startTime), size: entry.size, what, url: entry.url ? new URL(entry.url).pathname : '' };
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

// Runs in the page: what the cold load fetched and painted until `untilMs` (its LCP), in order. The
// document, each script, style, font and picture by file name, GraphQL and auth calls by address,
// first contentful paint, and the LCP itself.
function coldLoadWaterfall(untilMs) {
  const round = (ms) => Math.round(ms);
  const navigation = performance.getEntriesByType('navigation')[0];
  const steps = [{ what: 'document', start: 0, end: round(navigation.responseEnd), kB: round(navigation.transferSize / 100) / 10 }];
  for (const entry of performance.getEntriesByType('resource')) {
    if (entry.startTime > untilMs) continue;
    const url = new URL(entry.name);
    const file = url.pathname.split('/').at(-1) || url.pathname;
    const what = url.origin === location.origin ? (url.pathname === '/graphql' ? 'POST /graphql' : file) : `${url.host}${url.pathname}`;
    steps.push({ what, start: round(entry.startTime), end: round(entry.responseEnd), kB: round(entry.transferSize / 100) / 10 });
  }
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  if (fcp) steps.push({ what: 'first contentful paint', start: round(fcp.startTime), end: round(fcp.startTime), kB: null });
  if (Number.isFinite(untilMs)) steps.push({ what: 'LCP', start: untilMs, end: untilMs, kB: null });
  return steps.sort((a, b) => a.start - b.start || a.end - b.end);
}

async function signIn(page, account) {
  await page.goto('/login');
  await page.getByLabel('Your Email Address').fill(account.email);
  await page.getByLabel('Your Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Your Feed' }).waitFor();
}

/** DOM and heap once the feed holds `posts` posts (scrolling loads more); heap after a forced GC. */
async function feedFootprint(page, cdp, posts) {
  const furthest = () =>
    page.evaluate(() =>
      Math.max(0, ...[...document.querySelectorAll('ul[aria-label="Posts"] > li')].map((li) => Number(li.getAttribute('aria-posinset')))),
    );
  for (let step = 0; step < 800 && (await furthest()) < posts; step += 1) {
    await page.evaluate(() => window.scrollBy(0, window.innerHeight));
    await sleep(50);
  }
  await sleep(500);
  const heapMB = await heapAfterGc(cdp);
  if (process.env.BENCH_HEAP_SNAPSHOTS)
    await writeHeapSnapshot(cdp, path.join(process.env.BENCH_HEAP_SNAPSHOTS, `home-${posts}.heapsnapshot`));
  const dom = await page.evaluate(() => ({
    videos: document.querySelectorAll('video').length,
    cards: document.querySelectorAll('article').length,
    position: Math.max(
      0,
      ...[...document.querySelectorAll('ul[aria-label="Posts"] > li')].map((li) => Number(li.getAttribute('aria-posinset'))),
    ),
  }));
  return { ...dom, heapMB };
}

/** What the viewer shows, for a run that stalls: the clip announced, the slides mounted, the scroll, the feed's state. */
function describeViewer(page) {
  return page.evaluate(() => {
    const dialog = document.querySelector('[data-testid="clip-viewer"]');
    const scroller = dialog?.querySelector('.snap-y');
    return {
      announced: dialog?.querySelector('[aria-live]')?.textContent,
      mounted: [...(dialog?.querySelectorAll('[data-index]') ?? [])].map((slide) => slide.getAttribute('data-index')),
      scrollTop: scroller?.scrollTop,
      slideHeight: scroller?.clientHeight,
      alerts: [...document.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent),
      focused: document.activeElement?.outerHTML.slice(0, 120),
      feedSetSize: document.querySelector('ul[aria-label="Posts"] > li[aria-setsize]')?.getAttribute('aria-setsize'),
    };
  });
}

/** JS heap after two forced collections, in MB. */
async function heapAfterGc(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  return round(heap.usedSize / 1e6, 1);
}

/**
 * The heap in the full-screen viewer, opened on Home's first clip, at each of `clips` (ArrowDown,
 * each waiting for the viewer to announce the clip).
 */
async function viewerFootprint(page, cdp, clips) {
  const late = Math.max(...clips);
  await page.goto('/');
  await page.getByRole('article').first().waitFor();
  await page
    .getByRole('button', { name: /^Open clip by .* full screen$/ })
    .first()
    .click();
  await page.getByRole('dialog').waitFor();
  const heap = {};
  const announced = (clip) =>
    page.waitForFunction(
      (n) => document.querySelector('[data-testid="clip-viewer"] [aria-live]')?.textContent?.startsWith(`Clip ${n} of`),
      clip,
      { timeout: 10_000 },
    );
  const lostKeys = [];
  for (let clip = 2; clip <= late; clip += 1) {
    await page.keyboard.press('ArrowDown');
    await announced(clip).catch(async () => {
      // Seen a few times in 400 clips on a loaded machine: the key press did not move the viewer.
      // Said in the notes; a second press goes on, so the heap is still read where it should be.
      lostKeys.push({ clip, viewer: await describeViewer(page) });
      console.error(`clip ${clip} never came: ${JSON.stringify(lostKeys.at(-1).viewer)}`);
      await page.keyboard.press('ArrowDown');
      await announced(clip);
    });
    if (clips.includes(clip)) {
      await sleep(500);
      heap[clip] = await heapAfterGc(cdp);
      if (process.env.BENCH_HEAP_SNAPSHOTS)
        await writeHeapSnapshot(cdp, path.join(process.env.BENCH_HEAP_SNAPSHOTS, `viewer-${clip}.heapsnapshot`));
    }
  }
  const videos = await page.evaluate(() => document.querySelectorAll('[data-testid="clip-viewer"] video').length);
  await page.keyboard.press('Escape');
  return { heap, videos, lostKeys };
}

/**
 * A like on a card once the feed holds many posts: from the tap to the button showing it (the
 * optimistic write makes every watching query read the cache again). Median of `times` taps
 * (like, unlike, ...), in ms.
 */
async function timeLikeTap(page, times = 6) {
  const results = [];
  for (let tap = 0; tap < times; tap += 1) {
    const ms = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const card =
            [...document.querySelectorAll('ul[aria-label="Posts"] > li')].find((li) => {
              const box = li.getBoundingClientRect();
              return box.top >= 0 && box.top < window.innerHeight / 2;
            }) ?? document.querySelector('ul[aria-label="Posts"] > li');
          const button = card.querySelector('button[aria-pressed]');
          const before = button.getAttribute('aria-pressed');
          const started = performance.now();
          const observer = new MutationObserver(() => {
            const now = card.querySelector('button[aria-pressed]');
            if (now && now.getAttribute('aria-pressed') !== before) {
              observer.disconnect();
              resolve(performance.now() - started);
            }
          });
          observer.observe(card, { subtree: true, attributes: true, childList: true });
          button.click();
        }),
    );
    results.push(ms);
    await sleep(400); // the mutation's answer lands before the next tap
  }
  results.sort((a, b) => a - b);
  return round(results[Math.floor(results.length / 2)], 1);
}

/** A heap snapshot for reading in DevTools (BENCH_HEAP_SNAPSHOTS=<folder>): what the heap holds, by constructor. */
async function writeHeapSnapshot(cdp, file) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const chunks = [];
  const collect = ({ chunk }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', collect);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', collect);
  fs.writeFileSync(file, chunks.join(''));
}

/**
 * Moves to the next clip and times it to the next clip's first frame (requestVideoFrameCallback),
 * from the key press, or, for a finger swipe, from the first scroll of the viewer.
 */
async function timeToNextFrame(page, cdp, how) {
  const viewer = page.getByRole('dialog');
  // The current slide is the one not hidden from screen readers; the next one follows it.
  const index = Number(await viewer.locator('[data-index]:not([aria-hidden])').getAttribute('data-index')) + 1;
  // Give the preload its chance (that is the premise): up to 10 s for the next clip's first frame data.
  const next = viewer.locator(`[data-index="${index}"] video`);
  await next.waitFor({ state: 'attached' }).catch(async (error) => {
    console.error(`the next clip never mounted: ${JSON.stringify(await describeViewer(page))}`);
    throw error;
  });
  const preloadWaitStarted = Date.now();
  await page
    .waitForFunction(
      (i) => (document.querySelector(`[data-testid="clip-viewer"] [data-index="${i}"] video`)?.readyState ?? 0) >= 3,
      index,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  const preloaded = await next.evaluate((video) => ({
    readyState: video.readyState,
    buffered: video.buffered.length ? video.buffered.end(0) : 0,
  }));
  await page.evaluate((i) => {
    const scroller = document.querySelector('[data-testid="clip-viewer"] .snap-y');
    window.__swipe = { start: null, lifted: null, frame: null };
    const mark = () => {
      if (window.__swipe.start === null) window.__swipe.start = performance.now();
    };
    window.addEventListener('keydown', mark, { capture: true, once: true });
    // The finger's own travel is part of a swipe timed from its first scroll; from lift-off it is not.
    window.addEventListener('touchend', () => (window.__swipe.lifted = performance.now()), { capture: true, once: true });
    scroller.addEventListener('scroll', mark, { once: true });
    const video = document.querySelector(`[data-testid="clip-viewer"] [data-index="${i}"] video`);
    const frame = () => {
      if (window.__swipe.frame === null) window.__swipe.frame = performance.now();
    };
    // The first frame presented once it plays (a preloaded clip may paint its first frame as it
    // slides into view, before it plays: that does not count).
    video.addEventListener(
      'play',
      () =>
        video.requestVideoFrameCallback ? video.requestVideoFrameCallback(frame) : video.addEventListener('playing', frame, { once: true }),
      { once: true },
    );
  }, index);
  if (how === 'key') {
    await page.keyboard.press('ArrowDown');
  } else {
    // A finger swipe up: touch events through CDP, a frame apart.
    const size = page.viewportSize();
    const x = Math.round(size.width / 3);
    const from = Math.round(size.height * 0.75);
    const to = Math.round(size.height * 0.2);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: from }] });
    for (let step = 1; step <= 8; step += 1) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x, y: Math.round(from + ((to - from) * step) / 8) }],
      });
      await sleep(16);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
  await page.waitForFunction(() => window.__swipe.frame !== null && window.__swipe.start !== null, null, { timeout: 20_000 });
  const { start, lifted, frame } = await page.evaluate(() => window.__swipe);
  const fromLiftOff = lifted === null ? null : round(frame - lifted, 0);
  return { how, clip: index + 1, ms: round(frame - start, 0), fromLiftOff, preloadWaitMs: Date.now() - preloadWaitStarted, ...preloaded };
}

export async function measurePhone(ctx) {
  const weight = await measureWebWeight(ctx); // builds web/dist when it is older than its sources
  const login = weight.rows[0];
  const home = weight.rows[1];
  const api = await ctx.startApi({ WEB_DIST: path.join(ctx.root, 'web', 'dist'), TRANSCODE_WORKERS: '1' });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    // Three transcoded clips, copied to 400 posts by one author; the reader follows only them.
    const author = await createAccount(ctx, api.url, 'Bench Author', `bench-author-${process.pid}@campus.test`);
    const reader = await createAccount(ctx, api.url, 'Bench Reader', `bench-reader-${process.pid}@campus.test`);
    const sources = [];
    for (let index = 0; index < 3; index += 1) sources.push(await createPostWithVideo(api.url, author, `Bench source ${index + 1}`));
    await copyPosts(ctx.databaseUrl, sources, author.uid, LONG_SCROLL - sources.length);
    await gql(api.url, reader.token, 'mutation ($userId: ID!) { follow(userId: $userId) { id } }', { userId: author.uid });

    const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: api.url });
    await context.addInitScript(observeLayoutShift);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') console.error(`page console: ${message.text()}`);
    });
    const cdp = await context.newCDPSession(page);
    await signIn(page, reader);

    // Memory: Home after 20 posts, then after 200 (unthrottled: the network does not change the heap).
    const at20 = await feedFootprint(page, cdp, 20);
    const at200 = await feedFootprint(page, cdp, POSTS);
    const likeAt200Ms = await timeLikeTap(page);
    const at400 = await feedFootprint(page, cdp, LONG_SCROLL);
    const inViewer = await viewerFootprint(page, cdp, Object.values(VIEWER_CLIPS));
    const viewerHeap = (clip) => inViewer.heap[VIEWER_CLIPS[clip]];

    // Home under the slow connection, from a cold load: CLS while it loads and as it scrolls 20 posts.
    // A cold load: no HTTP cache and past the service worker (it would serve the app shell from its
    // cache), so every script and poster crosses the slow connection.
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.setBypassServiceWorker', { bypass: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_PHONE);
    await page.goto('/');
    await page.getByRole('article').first().waitFor({ timeout: 60_000 });
    await sleep(3000);
    const homeLoadCls = await page.evaluate(() => window.__cls);
    // Read before the scrolling below (an LCP entry after it would not be the page's first view).
    const homeLcp = await page.evaluate(() => window.__lcp);
    const homeWaterfall = await page.evaluate(coldLoadWaterfall, homeLcp?.ms ?? Infinity);
    for (let step = 0; step < 12; step += 1) {
      await page.evaluate(() => window.scrollBy(0, 600));
      await sleep(250);
    }
    await sleep(1500);
    const homeCls = await page.evaluate(() => window.__cls);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.send('Network.setBypassServiceWorker', { bypass: false });

    // The viewer, still throttled: open the top clip, then swipe through several.
    await page.evaluate(() => window.scrollTo(0, 0));
    await sleep(500);
    await page.evaluate(() => (window.__cls = 0));
    await page
      .getByRole('button', { name: /^Open clip by .* full screen$/ })
      .first()
      .tap();
    await page.getByRole('dialog').waitFor();
    const swipes = [];
    for (let swipe = 0; swipe < SWIPES; swipe += 1) swipes.push(await timeToNextFrame(page, cdp, swipe === 0 ? 'touch' : 'key'));
    const viewerCls = await page.evaluate(() => window.__cls);
    await context.close();

    const times = swipes.map((swipe) => swipe.ms).sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    const rows = [
      {
        measure: 'swipe → next clip first frame (median)',
        value: `${median} ms`,
        goal: `≤ ${GOALS.swipeToFrameMs} ms`,
        met: median <= GOALS.swipeToFrameMs,
      },
      { measure: 'swipe → next clip first frame (worst)', value: `${times.at(-1)} ms`, goal: '', met: null },
      {
        measure: `Largest Contentful Paint, Home (cold load, throttled: ${homeLcp?.what ?? 'none'}${homeLcp?.url ? ` ${homeLcp.url}` : ''})`,
        value: homeLcp ? `${homeLcp.ms} ms` : 'none',
        goal: `≤ ${GOALS.homeLcpMs} ms`,
        met: homeLcp ? homeLcp.ms <= GOALS.homeLcpMs : false,
      },
      { measure: 'CLS, Home (cold load, throttled)', value: round(homeLoadCls, 3), goal: `≤ ${GOALS.cls}`, met: homeLoadCls <= GOALS.cls },
      { measure: 'CLS, Home (load + scrolling 20 posts)', value: round(homeCls, 3), goal: `≤ ${GOALS.cls}`, met: homeCls <= GOALS.cls },
      { measure: `CLS, viewer (${SWIPES} swipes)`, value: round(viewerCls, 3), goal: `≤ ${GOALS.cls}`, met: viewerCls <= GOALS.cls },
      { measure: '`<video>` elements, Home at 20 posts', value: at20.videos, goal: 'flat', met: null },
      {
        measure: `\`<video>\` elements, Home at ${POSTS} posts`,
        value: at200.videos,
        goal: 'flat',
        met: at200.videos <= Math.max(5, at20.videos),
      },
      { measure: 'cards mounted, Home at 20 posts', value: at20.cards, goal: '', met: null },
      { measure: `cards mounted, Home at ${POSTS} posts`, value: at200.cards, goal: '', met: null },
      { measure: 'JS heap after GC, Home at 20 posts', value: `${at20.heapMB} MB`, goal: 'flat', met: null },
      {
        measure: `JS heap after GC, Home at ${POSTS} posts`,
        value: `${at200.heapMB} MB`,
        goal: 'flat',
        met: at200.heapMB <= at20.heapMB * 1.5,
      },
      {
        measure: `JS heap after GC, Home at ${LONG_SCROLL} posts`,
        value: `${at400.heapMB} MB`,
        goal: 'flat',
        met: at400.heapMB <= at20.heapMB * 1.5,
      },
      { measure: `JS heap after GC, viewer at clip ${VIEWER_CLIPS.early}`, value: `${viewerHeap('early')} MB`, goal: 'flat', met: null },
      {
        measure: `JS heap after GC, viewer at clip ${VIEWER_CLIPS.late}`,
        value: `${viewerHeap('late')} MB`,
        goal: 'flat',
        met: viewerHeap('late') <= viewerHeap('early') * 1.5,
      },
      {
        measure: `JS heap after GC, viewer at clip ${VIEWER_CLIPS.longest} (\`<video>\` elements: ${inViewer.videos})`,
        value: `${viewerHeap('longest')} MB`,
        goal: `flat from clip ${VIEWER_CLIPS.late}`,
        // The window is full by clip 200: from there on nothing may add up (within GC noise).
        met: viewerHeap('longest') <= viewerHeap('late') * 1.05,
      },
      { measure: `tap Like → button shows it, Home at ${POSTS} posts (median of 6)`, value: `${likeAt200Ms} ms`, goal: '', met: null },
      {
        measure: 'JS before the login screen paints (gzip)',
        value: `${login.gzipKB} kB`,
        goal: `≤ ${login.targetKB} kB`,
        met: login.meetsTarget,
      },
      {
        measure: 'JS before the first Home feed paint (gzip)',
        value: `${home.gzipKB} kB`,
        goal: `≤ ${home.targetKB} kB`,
        met: home.meetsTarget,
      },
    ];
    const notes = [
      `Pixel 7 emulation (412×915 CSS px, DPR 2.625, touch) in ${browser.version()}; CDP Network.emulateNetworkConditions ${SLOW_PHONE.latency} ms latency, 1.6 Mbps down, 750 kbps up for the CLS and swipe figures.`,
      `Swipes: the first a finger swipe (CDP touch events; timed from the viewer's first scroll), the rest ArrowDown (timed from the key press); each to requestVideoFrameCallback of the next clip. Before each, up to 10 s for the preloaded clip to reach readyState 3: ${swipes.map((s) => `${s.ms} ms${s.fromLiftOff === null ? '' : ` (${s.fromLiftOff} ms from the finger lifting)`} (readyState ${s.readyState}, ${round(s.buffered, 1)} s buffered)`).join('; ')}.`,
      `Memory: Home scrolled until post 20, then post ${at200.position}, then post ${at400.position}; heap = Runtime.getHeapUsage after two HeapProfiler.collectGarbage. The feed keeps at most ~60 posts in the Apollo cache (web/src/features/feed/feed-window.ts); most of what still grows is code V8 compiles as the page runs (heap snapshots, 20 to 400 posts: 1.1 of 1.9 MB). Three transcoded clips copied to ${LONG_SCROLL} posts in PostgreSQL (same files). Like: a tap on a card on screen at post ${POSTS}, to the button's aria-pressed change (the optimistic write and every watching query's read).`,
      `Viewer: opened on Home's newest clip after a reload, then ArrowDown clip by clip, heap read at clips ${Object.values(VIEWER_CLIPS).join(', ')}. Each clip's own \`post(id)\` lookup (the player's PlayerClip query) used to keep its post in the cache after the feed's window let it go (heap snapshots, clip 200: 136 such lookups); they go with the window now (use-feed-query.ts). Between clip 20 and 200 the window fills from ~30 to its 60 posts (Apollo's read memo grows with it) and V8 compiles more code; from clip 200 on the heap is flat.${inViewer.lostKeys.length ? ` Key presses that did not move the viewer (pressed again): ${inViewer.lostKeys.map((lost) => `clip ${lost.clip}`).join(', ')}.` : ''}`,
      `Home's cold load up to its LCP (what stands in the way of the 2.5 s goal), ms from navigation start, start–end: ${homeWaterfall.map((step) => `${step.what} ${step.start}–${step.end}${step.kB === null ? '' : ` (${step.kB} kB)`}`).join('; ')}.`,
      ...weight.notes.slice(0, 1),
    ];
    writeMarkdown({ rows, notes });
    return {
      rows,
      notes,
      swipes,
      footprint: { at20, at200, at400, inViewer },
      likeAt200Ms,
      cls: { homeLoad: homeLoadCls, home: homeCls, viewer: viewerCls },
      homeLcp,
      homeWaterfall,
      loginJs: login,
      homeJs: home,
    };
  } finally {
    await browser.close();
    await api.stop();
  }
}

function writeMarkdown({ rows, notes }) {
  const lines = [
    '# Watching on a phone (bench/phone.mjs)',
    '',
    `${new Date().toISOString().slice(0, 10)}, \`npm run bench:phone\`.`,
    '',
    '| measure | value | goal | |',
    '|---|---:|---|---|',
    ...rows.map((row) => `| ${row.measure} | ${row.value} | ${row.goal} | ${row.met === null ? '' : row.met ? 'met' : 'missed'} |`),
    '',
    ...notes.map((note) => `- ${note}`),
    '',
  ];
  fs.writeFileSync(path.join(root, 'bench', 'results', 'phone-latest.md'), lines.join('\n'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await runStandalone('phone', measurePhone, { needsServices: true });
}
