import { watchHistory } from './lib/history-hold';
import './styles.css';

// The browser's entry: a few hundred bytes that ask for the app (app/boot.tsx) once the page shows (decision 081).
// A promise, not a top-level await: a module with top-level await turns off the bundler's chunk merging, and the app
// would then come in many small chunks that compress worse (scripts/check-bundle.mjs).
// Before the router listens to the browser's back and forward: a page may hold them (lib/history-hold.ts).
watchHistory();
const root = document.getElementById('root') as HTMLElement;
const rendered = root.firstElementChild !== null;

/**
 * Resolves once the browser has painted the server's markup (decisions 015 and 081): the app's code and messages are
 * then fetched and hydrated after the page shows, not ahead of its paint, so the stylesheet, the font and the page's
 * largest image have the connection to themselves. A hidden tab paints nothing: it goes on soon anyway.
 */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 200);
  });

/** How long the app waits for the page's largest image at most: a slow or stalled one does not hold it back longer. */
const LARGEST_IMAGE_WAIT_MS = 3000;

/**
 * Resolves once the page's largest image (the one the server asks for first, fetchpriority="high": a hero, a cover)
 * has arrived or failed, or at once when the page has none: the app's code then neither shares the connection with
 * it nor holds up the frame that draws it (its largest paint; decision 081).
 */
const largestImageLoaded = () =>
  new Promise<void>((resolve) => {
    const image = root.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
    if (!image || image.complete) return resolve();
    image.addEventListener('load', () => resolve(), { once: true });
    image.addEventListener('error', () => resolve(), { once: true });
    setTimeout(resolve, LARGEST_IMAGE_WAIT_MS);
  });

/** How long the app waits at most for the browser to report the first paint shown. */
const FIRST_PAINT_WAIT_MS = 3000;

/**
 * Resolves once the browser reports the page's first contentful paint as shown (Paint Timing): a frame the browser has
 * drawn is on screen only some time after the frame's callbacks have run, and what finished downloading before it
 * showed counts towards it (Lighthouse's model counts every request that ended before the largest paint). A hidden tab
 * paints nothing, and a browser that reports no paints goes on at once.
 */
const firstPaintShown = () =>
  new Promise<void>((resolve) => {
    if (document.hidden || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return resolve();
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(() => {
      observer.disconnect();
      resolve();
    }, FIRST_PAINT_WAIT_MS);
  });

/** The app; a network gone before it came (the page shows, its links work) asks for it again once it returns. */
const start = () =>
  import('./app/boot').then(
    ({ boot }) => boot(root, rendered),
    () => window.addEventListener('online', start, { once: true }),
  );

// A page the browser renders (not rendered by the server) needs its code at once: its HTML preloads it (html.ts).
void (rendered ? largestImageLoaded().then(firstPaintShown).then(afterFirstPaint) : Promise.resolve()).then(start);
