import type { LangCode } from '@storyhouse/contracts';

/** Spec §2 Shell / §9: the service worker registers once the app is stable, or after 30000 ms at most. */
export const SERVICE_WORKER_MAX_DELAY_MS = 30_000;

/** The back office and the developer pages never register the worker (decision 034). */
export const mayRegisterOn = (pathname: string) => !/^\/(admin|dev)(\/|$)/.test(pathname);

/**
 * Registers the service worker (web/src/sw, decision 034) once the hydrated
 * app leaves the browser idle, or after SERVICE_WORKER_MAX_DELAY_MS at
 * most. The code that registers it and watches for a new build is fetched
 * only then: it is no part of the page's first download.
 */
export function registerServiceWorker(lang: LangCode) {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV || !mayRegisterOn(window.location.pathname)) return;
  let started = false;
  const start = () => {
    if (started) return;
    // Offline, neither that code nor the worker's script can be fetched: once the connection is back.
    if (!navigator.onLine) {
      window.addEventListener('online', start, { once: true });
      return;
    }
    started = true;
    import('./service-worker-update')
      .then(({ startServiceWorker }) => startServiceWorker(lang))
      .catch((err: unknown) => {
        // The connection may drop between the check and the fetch; try again when it returns. Otherwise the
        // browser refuses a worker (a private window, a policy): the site works on without one.
        started = false;
        if (!navigator.onLine) window.addEventListener('online', start, { once: true });
        else console.info('service worker not registered', err);
      });
  };
  if ('requestIdleCallback' in window) requestIdleCallback(start);
  else setTimeout(start, 1000);
  setTimeout(start, SERVICE_WORKER_MAX_DELAY_MS);
}
