/* The app's service worker (docs/app.md "Offline"): it keeps this build's app shell (index.html
 * and the hashed files under /assets/) on the device, so a page reloaded with the network gone
 * still starts and can show what the phone kept (the last cashier code of a paid order, issue 12).
 * Hand-written and dependency-free: three rules do not need a framework.
 *   - /assets/*: cache first (the names carry a content hash: a cached file is never stale).
 *   - navigations: the network first, this build's index.html when the network fails or stalls.
 *   - /api/* and /sandbox/*: never touched, never cached: an answer is the server's or an error,
 *     never yesterday's data.
 * The build (packages/ui/build/serviceWorker.ts) replaces the BUILD line below with this build's
 * version and file list, so each deploy changes these bytes and the browser installs the new
 * worker; the old build's cache is deleted once the new worker takes over.
 */
const BUILD = { version: "dev", assets: [] }; // __FUEL_SW_BUILD__

const CACHE = `fuel-shell-${BUILD.version}`;
const SHELL = "/index.html";
/** A navigation that has not answered in this time is served the kept shell (a weak signal at the pump). */
const NAVIGATION_TIMEOUT_MS = 5000;

// The staff desk (/desk) is its own page and bundle: never answered with this app's shell.
const neverCached = (path) => path === "/api" || path.startsWith("/api/") || path.startsWith("/sandbox/") || path === "/desk" || path.startsWith("/desk/");

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // index.html is revalidated (no-cache): fetch it past the HTTP cache so the shell is this build's.
      await cache.put(SHELL, await fetch(SHELL, { cache: "reload" }).then(okOrThrow));
      await cache.addAll(BUILD.assets);
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith("fuel-shell-") && name !== CACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || neverCached(url.pathname)) return;
  if (request.mode === "navigate") event.respondWith(networkFirst(request));
  else if (url.pathname.startsWith("/assets/")) event.respondWith(cacheFirst(request));
});

function okOrThrow(response) {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}`);
  return response;
}

async function networkFirst(request) {
  const network = fetch(request);
  network.catch(() => undefined); // a late failure after the timeout is not an error to report
  const timeout = new Promise((resolve) => setTimeout(resolve, NAVIGATION_TIMEOUT_MS));
  try {
    const answer = await Promise.race([network, timeout]);
    if (answer !== undefined) return answer;
  } catch {
    // offline: the kept shell below
  }
  const kept = await caches.match(SHELL, { cacheName: CACHE });
  // Nothing kept (the install failed): the network's own answer or error, as without a worker.
  return kept ?? network;
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept !== undefined) return kept;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") await cache.put(request, response.clone());
  return response;
}
