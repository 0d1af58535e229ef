/**
 * What the service worker keeps, and for how long (decision 034). Pure rules,
 * so that they are unit-tested without a worker (rules.test.ts); sw.ts wires
 * them to Workbox.
 */

/** The offline copy of the app: the page the server sends with no page's content (server/src/modules/web), precached. */
export const OFFLINE_SHELL_URL = '/offline.html';

/** Cache names. Pages name the build they were seen with: a page of another build asks for files that build deleted. */
export const CACHE_PREFIX = 'storyhouse-';
export const pagesCacheOf = (build: string) => `${CACHE_PREFIX}pages-${build}`;
export const CMS_CACHE = `${CACHE_PREFIX}cms`;
export const IMAGES_CACHE = `${CACHE_PREFIX}images`;

/** Bounds (workbox-expiration): the least recently used entries go first. */
export const PAGES_MAX = 60;
export const CMS_MAX = 100;
export const IMAGES_MAX = 300;
export const IMAGES_MAX_AGE_S = 30 * 24 * 3600;

/** Paths whose pages the worker leaves to the network and never keeps (the back office, the developer pages, signing out). */
const unkeptPages = /^\/(admin|dev|logout)(\/|$)/;

/** Whether a navigation's page may be kept for offline use (the answer must also be keepable: `mayKeep`). */
export const isKeptPage = (url: URL) => !unkeptPages.test(url.pathname) && !url.pathname.startsWith('/crud/');

/** Signing out (GET /logout): the pages kept while signed in go (their first data holds the session and cart). */
export const isSignOut = (url: URL) => url.pathname === '/logout';

/** CMS answers: the same for everyone (a page's entry, the site navigation). */
export const isCmsAnswer = (url: URL) => url.pathname.startsWith('/crud/content/');

/** Product and page images a family has seen: stored images and their resized copies (server media routes). */
export const isImage = (url: URL, destination: string) => destination === 'image' && url.pathname.startsWith('/media/');

/**
 * Whether an answer may be kept: a whole success that does not depend on
 * who asked. The server marks a family's answer (their library, orders,
 * cart, their pages) `private, no-store`; neither is ever kept.
 */
export function mayKeep(response: Response) {
  if (response.status !== 200) return false;
  const cacheControl = response.headers.get('cache-control') ?? '';
  return !/(^|[\s,])(no-store|private)([\s,=]|$)/i.test(cacheControl);
}

/** The caches an earlier build or worker left that this one no longer uses (kept media and the precache are kept). */
export const isOutdatedCache = (name: string, build: string) =>
  (name.startsWith(`${CACHE_PREFIX}pages-`) && name !== pagesCacheOf(build)) || name === `${CACHE_PREFIX}shell-v1`;

/** The message a page sends a waiting worker to take over (workbox-window's messageSkipWaiting). */
export const SKIP_WAITING = 'SKIP_WAITING';
