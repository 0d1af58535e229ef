/**
 * Kept on this device (issue 32 item 3): answers a GET whose address is in
 * the `storyhouse-kept` cache from that cache, offline or online; a Range
 * request (the player seeking) gets the 206 part of the kept file. Anything
 * else goes on to the worker's other routes (sw.ts). The keep feature
 * fills and empties the cache; the worker only reads it.
 */
import { createPartialResponse } from 'workbox-range-requests';
import { getOrCreateDefaultRouter } from 'workbox-routing/utils/getOrCreateDefaultRouter.js';
import { KEPT_CACHE } from '../lib/kept-on-device';
import type { WorkerScope } from './worker-scope';

declare const self: WorkerScope;

// The cache of kept albums' files (stable: the keep feature writes it, features/library/keep), named in one place.
export { KEPT_CACHE };

/**
 * The addresses that may be kept: media files, the library's answers (its data, its downloads) and the tracks' words
 * (issue 43). Others never look in the cache.
 */
const mayBeKept = (url: URL) =>
  url.pathname.startsWith('/media/') ||
  url.pathname.startsWith('/crud/my-library') ||
  url.pathname.startsWith('/crud/transcripts/');

/** The kept answer to a request, the part it asks for if it has a Range; undefined when not kept. */
export async function keptResponse(request: Request): Promise<Response | undefined> {
  if (!(await caches.has(KEPT_CACHE))) return undefined;
  const cache = await caches.open(KEPT_CACHE);
  // A Range request is stored as the whole file under its address: its headers play no part in the lookup.
  const kept = await cache.match(request.url, { ignoreVary: true });
  if (!kept) return undefined;
  return request.headers.has('range') ? createPartialResponse(request, kept) : kept;
}

/**
 * Answers kept addresses before the worker's routes. Must be called before
 * any Workbox route is registered, so that its fetch listener runs first.
 */
export function registerKeptMedia() {
  const router = getOrCreateDefaultRouter();
  self.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.method !== 'GET' || request.mode === 'navigate') return;
    const url = new URL(request.url);
    if (url.origin !== self.location.origin || !mayBeKept(url)) return;
    // This listener answers; the routes' listener (added after this one) must not answer again.
    event.stopImmediatePropagation();
    event.respondWith(keptResponse(request).then((kept) => kept ?? router.handleRequest({ request, event }) ?? fetch(request)));
  });
}
