/** Spec §2 Shell / §9: the service worker registers once the app is stable, or after 30000 ms at most. */
export const SERVICE_WORKER_MAX_DELAY_MS = 30_000;

export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  let done = false;
  const register = () => {
    if (done) return;
    // Offline the script cannot be fetched: register once the connection is back.
    if (!navigator.onLine) {
      window.addEventListener('online', register, { once: true });
      return;
    }
    done = true;
    navigator.serviceWorker.register('/sw.js').catch((err: unknown) => {
      // The connection may drop between the check and the fetch; try again when it returns.
      if (!navigator.onLine) {
        done = false;
        window.addEventListener('online', register, { once: true });
      } else console.warn('service worker not registered', err);
    });
  };
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(register, { timeout: SERVICE_WORKER_MAX_DELAY_MS })
      : setTimeout(register, 1000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  setTimeout(register, SERVICE_WORKER_MAX_DELAY_MS);
}
