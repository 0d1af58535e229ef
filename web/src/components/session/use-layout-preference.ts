import type { AccountLayout, UserResponse } from '@storyhouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { currentUserQuery, useCurrentUser } from './api/get-current-user';
import { sessionQuery, useSession } from './api/get-session';
import { saveLayout } from './api/save-layout';

function storedLayout(storageKey: string): AccountLayout {
  try {
    return localStorage.getItem(storageKey) === 'grid' ? 'grid' : 'list';
  } catch {
    return 'list';
  }
}

/** The stored choice is read once per render; a choice made here is `chosen`, so nothing needs to subscribe. */
const noChanges = () => () => {};

/**
 * Spec §4 Layout: List or Grid, default List. A signed-in user's choice is
 * saved on the account (so it follows them to another device); a visitor's
 * is remembered on this device under `storageKey`.
 *
 * A choice made on this page wins over whatever the account said when the
 * page loaded: the account may still be loading (or its answer in flight)
 * when the button is pressed, and that older answer must not undo the click.
 */
export function useLayoutPreference(storageKey: string): [AccountLayout, (layout: AccountLayout) => void] {
  const queryClient = useQueryClient();
  const session = useSession().data;
  // A child profile's session keeps the choice on the device: the account is the parents' (decision 051).
  const signedIn = session?.logged_in === true && !session.profile;
  const user = useCurrentUser(signedIn);
  // A server render (decision 015) and the hydration that follows it show List; the browser's choice then replaces it.
  const stored = useSyncExternalStore(
    noChanges,
    () => storedLayout(storageKey),
    () => 'list' as const,
  );
  const [chosen, setChosen] = useState<AccountLayout | null>(null);
  const layout = chosen ?? (signedIn && user.data ? user.data.layout : stored);

  const persist = async (next: AccountLayout) => {
    // The session may not be known yet on a page that has just loaded.
    const session = await queryClient.ensureQueryData(sessionQuery());
    if (!session.logged_in) return;
    const key = currentUserQuery().queryKey;
    await queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData<UserResponse>(key, (u) => (u ? { ...u, layout: next } : u));
    try {
      await saveLayout(next);
    } catch {
      // A failed save shows the saved preference again.
      setChosen(null);
      await queryClient.invalidateQueries({ queryKey: key });
    }
  };

  const choose = (next: AccountLayout) => {
    setChosen(next);
    try {
      localStorage.setItem(storageKey, next);
    } catch {
      // Storage may be disabled (private mode); the choice then lasts this visit.
    }
    void persist(next);
  };
  return [layout, choose];
}
