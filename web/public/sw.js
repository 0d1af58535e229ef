// Storyhouse service worker: keeps the app shell so that, offline, the app
// still opens and says so (spec §2: offline notice and offline not-found page).
// Pages: network first, the last good page as the offline fallback; never a
// page answered `no-store` (a signed-in family's library, orders or cart).
// Hashed build assets: cache first (their names change with their content).
// API calls and media always go to the network.
const CACHE = 'storyhouse-shell-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok && !/no-store/i.test(response.headers.get('cache-control') || '')) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put('/__shell', copy));
          }
          return response;
        })
        .catch(() => caches.match('/__shell').then((cached) => cached || Response.error())),
    );
    return;
  }

  if (url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg') {
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
