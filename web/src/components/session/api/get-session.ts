import type { SessionResponse } from '@storyhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { deviceSessionAnswer, keepDeviceSession, signOutPending } from '../../../lib/device-session';
import { firstData } from '../../../lib/first-data';

const path = '/crud/session';

/** The session's answer, kept on the device for the offline app (lib/device-session.ts). */
function kept(session: SessionResponse) {
  keepDeviceSession(session);
  return session;
}

/**
 * GET /crud/session. With no network, the session this device keeps stands
 * in (a signed-in family's pages render from what the device has); the
 * server still decides every call once back online.
 */
export const getSession = async () => {
  try {
    // A sign-out made offline ends the session first (the device was emptied then).
    if (signOutPending()) {
      await api<void>('/logout');
      signOutPending('done');
    }
    return kept(await api<SessionResponse>(path));
  } catch (error) {
    const offline = error instanceof ApiError && error.code === 'network' ? deviceSessionAnswer(siteLang()) : null;
    if (offline) return offline;
    throw error;
  }
};

let finishing = false;
function finishSignOut() {
  if (finishing) return;
  finishing = true;
  void api<void>('/logout')
    .then(() => {
      signOutPending('done');
      location.reload();
    })
    .catch(() => {
      finishing = false;
    });
}

const siteLang = () => (document.documentElement.lang || 'en') as SessionResponse['site_lang'];
const offline = () => typeof window !== 'undefined' && navigator.onLine === false;

export const sessionQuery = () =>
  queryOptions({
    queryKey: ['session'],
    queryFn: getSession,
    staleTime: 60_000,
    // The page's own answer first; offline (the installed app opened in airplane mode, a reload on a plane) the
    // device's, at once: a paused query would keep the route guard waiting for as long as the network is away.
    initialData: () => {
      const first = firstData<SessionResponse>(path).initialData();
      // A page rendered while a sign-out made offline had not reached the server yet: it ends now, then the page
      // loads again signed out (the first render stays the server's, so the page hydrates as rendered).
      if (first && signOutPending()) {
        finishSignOut();
        return first;
      }
      if (first) return kept(first);
      return offline() ? (deviceSessionAnswer(siteLang()) ?? undefined) : undefined;
    },
    // The device's answer is as old as can be: asked again as soon as the network returns.
    initialDataUpdatedAt: () => (offline() ? 0 : undefined),
  });

export const useSession = () => useQuery(sessionQuery());
