/** Spec §2 Shell / §9: the service worker registers once the app is stable, or after 30000 ms at most. */
export const SERVICE_WORKER_MAX_DELAY_MS = 30_000;

export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  let done = false;
  const register = () => {
    if (done) return;
    done = true;
    navigator.serviceWorker.register('/sw.js').catch((err: unknown) => console.warn('service worker not registered', err));
  };
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(register, { timeout: SERVICE_WORKER_MAX_DELAY_MS })
      : setTimeout(register, 1000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  setTimeout(register, SERVICE_WORKER_MAX_DELAY_MS);
}
