/**
 * Storyhouse's service worker (decision 034), built by the web build
 * (scripts/service-worker-plugin.ts) into /sw.js with the build's files to
 * precache. Online, pages come from the network as the server renders them
 * (decision 015); each page a visitor may keep is kept, so that offline it
 * opens again, and a page never seen opens the offline copy of the app
 * (the offline title). CMS answers and images seen are kept too
 * (stale-while-revalidate, bounded). Nothing that depends on who is
 * signed in is kept (`mayKeep`), but the albums a family keeps on the
 * device (kept-media.ts). A new build waits until the page asks it to take
 * over (the reload prompt, app/service-worker-update.ts): one page never
 * mixes two builds.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { registerKeptMedia } from './kept-media';
import {
  CMS_CACHE,
  CMS_MAX,
  IMAGES_CACHE,
  IMAGES_MAX,
  IMAGES_MAX_AGE_S,
  isCmsAnswer,
  isImage,
  isKeptPage,
  isOutdatedCache,
  isSignOut,
  mayKeep,
  OFFLINE_SHELL_URL,
  PAGES_MAX,
  pagesCacheOf,
  SKIP_WAITING,
} from './rules';
import type { WorkerScope } from './worker-scope';

declare const self: WorkerScope & { __WB_MANIFEST: PrecacheEntry[] };
/** This build's name (a hash of its precache list), set by the build. */
declare const __SW_BUILD__: string;

// First: kept files are answered before any other route.
registerKeptMedia();

// The build's files: fetched once at install, answered from the cache ever after. Only these addresses: no
// index.html for "/" and no "x.html" for "/x" (pages are the server's).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

/** Keeps only what `mayKeep` allows. */
const onlyKeepable = { cacheWillUpdate: async ({ response }: { response: Response }) => (mayKeep(response) ? response : null) };
// Pages and API answers vary by host and cookie for the HTTP cache; a worker serves one site and never keeps a
// family's answer, so those headers play no part here.
const matchOptions = { ignoreVary: true };

const pages = new NetworkFirst({
  cacheName: pagesCacheOf(__SW_BUILD__),
  matchOptions,
  plugins: [onlyKeepable, new ExpirationPlugin({ maxEntries: PAGES_MAX })],
});
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && isKeptPage(url),
  async (options) => {
    try {
      return await pages.handle(options);
    } catch {
      // Offline and never seen: the app opens and says so (the offline title, the offline not-found page).
      return (await matchPrecache(OFFLINE_SHELL_URL)) ?? Response.error();
    }
  },
);

// An open page a signed-in family saw holds their session and cart in its first data (decision 015): kept for
// them offline, and gone when they sign out.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && isSignOut(url),
  async ({ request }) => {
    await caches.delete(pagesCacheOf(__SW_BUILD__));
    return fetch(request);
  },
);

registerRoute(
  ({ url }) => url.origin === self.location.origin && isCmsAnswer(url),
  new StaleWhileRevalidate({
    cacheName: CMS_CACHE,
    matchOptions,
    plugins: [onlyKeepable, new ExpirationPlugin({ maxEntries: CMS_MAX })],
  }),
);

registerRoute(
  ({ request, url }) => url.origin === self.location.origin && isImage(url, request.destination),
  new StaleWhileRevalidate({
    cacheName: IMAGES_CACHE,
    plugins: [
      onlyKeepable,
      new ExpirationPlugin({ maxEntries: IMAGES_MAX, maxAgeSeconds: IMAGES_MAX_AGE_S, purgeOnQuotaError: true }),
    ],
  }),
);

// A new build installs beside the running one and takes over when a page asks (its reload prompt).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

// The first worker controls the open pages at once; pages kept by an earlier build go (they ask for its files).
clientsClaim();
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => isOutdatedCache(n, __SW_BUILD__)).map((n) => caches.delete(n)))),
  );
});
