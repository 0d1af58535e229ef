import { readDeviceSession } from '../lib/device-session';

/**
 * The places heard offline (components/player/progress-queue.ts) go as soon
 * as the network is there, whatever page is open: at start and each time the
 * connection returns (the page also loads again then, spec §2). Only for a
 * family signed in on this device. Loaded once the app runs (app.tsx), not
 * in the first download; the queue's code loads when there is one to send.
 */
export function sendPlacesHeardOffline() {
  const send = () => {
    if (!navigator.onLine || !readDeviceSession()) return;
    void import('../components/player/progress-queue').then((queue) => queue.sendQueuedPlaces());
  };
  send();
  window.addEventListener('online', send);
}
