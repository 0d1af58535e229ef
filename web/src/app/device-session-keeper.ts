import type { LangCode, SessionResponse } from '@storyhouse/contracts';
import type { QueryClient } from '@tanstack/react-query';
// Loaded with the app, so that signing out works offline (the account menu imports it when pressed).
import '../features/accounts/api/logout';
import { api } from '../lib/api-client';
import { deviceSessionAnswer, forgetDeviceSession, readDeviceSession, signOutPending } from '../lib/device-session';
import { dropPendingSignOut, writeDeviceSession } from '../lib/device-session-changes';
import { SIGNED_OUT_OFFLINE } from '../lib/device-session-keys';

/**
 * Keeps the device session (lib/device-session.ts, decision 044) in step
 * with what the server answers, once the app runs: a family signed in is
 * kept (another account replaces the one before, whose places heard go with
 * it); nobody signed in, or an admin acting as a family (their device is not
 * the family's), leaves nothing. A sign-out made offline reaches the server
 * first, then the page loads again signed out. The places heard offline go
 * as soon as the network is there (components/player/progress-queue.ts).
 * Not in the first download: app.tsx loads it once the app runs.
 */
export function keepDeviceSessionInStep(queryClient: QueryClient) {
  // No network (the installed app opened in airplane mode, a reload on a plane): the session query waits for the
  // network; the device's session answers it meanwhile (asked again when the network returns).
  const offlineAnswer = !navigator.onLine && deviceSessionAnswer(document.documentElement.lang as LangCode);
  if (offlineAnswer && !queryClient.getQueryData(['session'])) {
    queryClient.setQueryData<SessionResponse>(['session'], offlineAnswer, { updatedAt: 0 });
  }
  /** The page shows the family signed out: a signed-in page goes to login, and asks nothing more of the account. */
  const showSignedOut = () => {
    const session = queryClient.getQueryData<SessionResponse>(['session']);
    if (session?.logged_in) {
      queryClient.setQueryData<SessionResponse>(['session'], { ...session, logged_in: false, user_id: null, is_admin: false });
    }
  };
  const follow = () => {
    // A sign-out made offline, with the network back: until the server has ended the session (then the page loads
    // again), the page is signed out, whatever a session read meanwhile says; My Library coming back online would
    // otherwise ask for the account's data just as the session ends (a 401).
    if (signOutPending()) {
      if (navigator.onLine) showSignedOut();
      return finishSignOut();
    }
    const session = queryClient.getQueryData<SessionResponse>(['session']);
    if (session) keepDeviceSession(session);
  };
  follow();
  // A sign-out made offline: where the service worker holds the app's screens (the login page a signed-out family
  // is sent to), the page shows them signed out at once; the server hears it once back online.
  window.addEventListener(SIGNED_OUT_OFFLINE, () => {
    // What the page was asking of the account, waiting for the network, is not asked once it returns (a 401).
    void queryClient.cancelQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
    if (navigator.serviceWorker?.controller) showSignedOut();
  });
  queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] === 'session' && event.type === 'updated') follow();
  });
  const sendPlaces = () => {
    if (!navigator.onLine || !readDeviceSession()) return;
    void import('../components/player/progress-queue').then((queue) => queue.sendQueuedPlaces());
  };
  sendPlaces();
  window.addEventListener('online', () => {
    sendPlaces();
    follow();
  });
}

export function keepDeviceSession(session: SessionResponse) {
  if (!session.logged_in || session.user_id === null || session.masquerading) {
    if (readDeviceSession()) forgetDeviceSession();
    return;
  }
  const before = readDeviceSession();
  if (before && before.user_id !== session.user_id) forgetDeviceSession();
  writeDeviceSession({
    user_id: session.user_id,
    site_lang: session.site_lang,
    is_admin: session.is_admin,
    kept: before?.user_id === session.user_id ? before.kept : [],
    // Who listens here (decision 051): offline, the device still knows a child is listening, and keeps the lock.
    profile: session.profile ?? null,
  });
}

let finishing = false;
/** Ends at the server a sign-out made offline, then loads the page again, signed out. */
function finishSignOut() {
  if (finishing || !navigator.onLine) return;
  finishing = true;
  api<void>('/logout').then(
    () => {
      dropPendingSignOut();
      location.reload();
    },
    () => {
      finishing = false;
    },
  );
}
