/**
 * What a signed-in family keeps in this browser (issue 32 item 3), in one
 * home so signing out can forget it all at once, online or not.
 */

/** The Cache Storage cache of kept albums: their tracks and covers under the URLs the player asks for, and the record of what is kept (the service worker answers from it, sw/kept-media.ts). */
export const KEPT_CACHE = 'storyhouse-kept';

/** Listening places heard while offline, waiting to be sent (components/player/progress-queue.ts). */
export const PROGRESS_QUEUE_KEY = 'storyhouse-progress-queue';

/**
 * Signing out: the account's kept files and unsent places go at once, before
 * the server is asked (a sign-out while offline still empties the device).
 * One session per browser: everything kept here was kept by it.
 */
export async function forgetKeptOnThisDevice() {
  try {
    localStorage.removeItem(PROGRESS_QUEUE_KEY);
    // No Cache Storage outside a secure context: nothing was kept.
    await globalThis.caches?.delete(KEPT_CACHE);
  } catch {
    // Storage blocked (a private window's settings): nothing was kept.
  }
}
