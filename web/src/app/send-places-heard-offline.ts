import { useEffect } from 'react';
import { readDeviceSession } from '../lib/device-session';

/**
 * The places heard offline (components/player/progress-queue.ts) go as soon
 * as the network is there, whatever page is open: at start and each time the
 * connection returns (the page also loads again then, spec §2). Only for a
 * family signed in on this device; the queue's code loads when first used.
 */
export function useSendPlacesHeardOffline() {
  useEffect(() => {
    const send = () => {
      if (!navigator.onLine || !readDeviceSession()) return;
      void import('../components/player/progress-queue').then((queue) => queue.sendQueuedPlaces());
    };
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, []);
}
