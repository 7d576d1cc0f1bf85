// Campus Clips service worker: makes the app installable and says "You're offline" instead of the
// browser's error page when a navigation fails for want of a network.
// - On install it caches the app shell (the entry script and styles index.html loads, the icons,
//   the manifest) and the offline page. The build writes the shell list and a version below
//   (vite.config.ts, precacheServiceWorker); a new build is a new cache and the old one goes.
// - Navigations always go to the network (the api serves fresh HTML, link-preview tags included);
//   only when that fails is the answer offline.html.
// - Hashed /assets/ files never change: served from the cache when there, cached when fetched.
// - Everything else is left alone: /api, /graphql, /media, /uploads, /app-config.js, other origins
//   and anything but GET never touch the cache.
const VERSION = 'dev';
const SHELL = [];

const CACHE = `campus-clips-shell-${VERSION}`;
const OFFLINE_URL = '/offline.html';
const STATIC = ['/offline.html', '/offline.js', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png'];
const NEVER_CACHED = /^\/(api|graphql|media|uploads|graphql-ide)(\/|$)|^\/app-config\.js$/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([...STATIC, ...SHELL]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key.startsWith('campus-clips-shell-') && key !== CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

async function offlineAnswer() {
  const cached = await caches.match(OFFLINE_URL);
  return cached ?? new Response("You're offline", { status: 503, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

async function fromCacheThenNetwork(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).pathname.startsWith('/assets/')) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER_CACHED.test(url.pathname)) return;

  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => offlineAnswer()));
    return;
  }
  if (url.pathname.startsWith('/assets/') || STATIC.includes(url.pathname) || url.pathname.startsWith('/icons/')) {
    event.respondWith(fromCacheThenNetwork(request));
  }
});
