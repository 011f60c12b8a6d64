// PuzzleLab's service worker: after the first visit the app loads and works offline.
// On install it caches the page and every asset the page names (their names carry content
// hashes), plus the worker; afterwards it answers from the cache and refreshes in the
// background.
const CACHE = 'puzzlelab-v1';

async function precache() {
  const cache = await caches.open(CACHE);
  const page = await fetch('./index.html', { cache: 'no-store' });
  const html = await page.clone().text();
  await cache.put('./index.html', page);
  await cache.put('./', new Response(html, { headers: { 'Content-Type': 'text/html' } }));
  const assets = new Set(['./worker.js', './worker_bg.wasm', './manifest.webmanifest']);
  for (const m of html.matchAll(/(?:href|src|module_or_path:)\s*=?\s*["']([^"']+\.(?:js|wasm|css|svg))["']/g)) {
    assets.add(m[1]);
  }
  await Promise.all([...assets].map(async (url) => {
    const response = await fetch(url, { cache: 'no-store' });
    if (response.ok) await cache.put(url, response);
  }));
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
    await self.clients.claim();
  })());
});

// Files whose names carry a content hash never change: the cache is always right for them.
// Everything else (the page, the worker) may change with a new version: ask the network
// first and fall back to the cache only when offline, so the page and worker always match.
const HASHED = /-[0-9a-f]{16}(_bg)?\.(js|wasm|css|svg)$/;

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  const key = event.request.mode === 'navigate' ? './index.html' : event.request;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    if (HASHED.test(url.pathname)) {
      const cached = await cache.match(key);
      if (cached) return cached;
    }
    try {
      const response = await fetch(event.request);
      if (response.ok) await cache.put(key, response.clone());
      return response;
    } catch (offline) {
      const cached = await cache.match(key);
      if (cached) return cached;
      throw offline;
    }
  })());
});
