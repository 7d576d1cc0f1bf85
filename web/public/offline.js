// The offline screen (offline.html): reopen the page the student wanted once the api answers
// again. Checked when the browser says it is back online, and every few seconds while it says so
// (a network that is still waking up, or a captive portal, can say 'online' too early). The probe,
// /app-config.js, is one the service worker never answers from its cache.
const PROBE_EVERY_MS = 5000;

function reopenIfReachable() {
  fetch('/app-config.js', { method: 'HEAD', cache: 'no-store' }).then(
    (response) => {
      if (response.ok) window.location.reload();
    },
    () => undefined,
  );
}

window.addEventListener('online', reopenIfReachable);
setInterval(() => {
  if (navigator.onLine) reopenIfReachable();
}, PROBE_EVERY_MS);
