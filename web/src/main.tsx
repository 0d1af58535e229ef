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

/** The app; a network gone before it came (the page shows, its links work) asks for it again once it returns. */
const start = () =>
  import('./app/boot').then(
    ({ boot }) => boot(root, rendered),
    () => window.addEventListener('online', start, { once: true }),
  );

// A page the browser renders (not rendered by the server) needs its code at once: its HTML preloads it (html.ts).
void (rendered ? afterFirstPaint() : Promise.resolve()).then(start);
