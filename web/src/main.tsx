import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createQueryClient } from './app/app';
import { preloadFirstScreen, preloadScreenTable } from './app/router';
import { registerServiceWorker } from './app/service-worker';
import { watchHistory } from './lib/history-hold';
import { loadMessages, pageLang } from './lib/i18n';
import './styles.css';

// A promise, not a top-level await: a module with top-level await turns off
// the bundler's chunk merging, and the shell's first download then comes in
// many small chunks that compress worse (scripts/check-bundle.mjs).
// Before the router listens to the browser's back and forward: a page may hold them (lib/history-hold.ts).
watchHistory();
const lang = pageLang();
const root = document.getElementById('root') as HTMLElement;
const rendered = root.firstElementChild !== null;

/**
 * Resolves once the browser has painted the server's markup (decision 015):
 * the app's code and messages are then fetched and hydrated after the page
 * shows, not ahead of its paint. A hidden tab paints nothing: it goes on soon anyway.
 */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 200);
  });

// The first page's code loads beside its messages, so its first render is whole (decision 014).
void (rendered ? afterFirstPaint() : Promise.resolve())
  .then(() => Promise.all([loadMessages(lang), preloadFirstScreen(window.location.pathname)]))
  .then(([catalog]) => {
    const app = (
      <StrictMode>
        <App lang={lang} catalog={catalog} queryClient={createQueryClient()} />
      </StrictMode>
    );
    // A page the server rendered (decision 015) is hydrated, in slices that leave the page responsive to input;
    // any other is rendered here.
    if (rendered) startTransition(() => void hydrateRoot(root, app));
    else createRoot(root).render(app);
    registerServiceWorker(lang);
    preloadScreenTable();
  });
