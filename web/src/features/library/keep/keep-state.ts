import type { LibraryAlbum } from '@storyhouse/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { ApiError, api } from '../../../lib/api-client';
import { noteDeviceSession } from '../../../lib/device-session-changes';
import {
  askPersistence,
  canKeep,
  KeepError,
  type KeepFailure,
  type KeepProgress,
  type KeptAlbum,
  keepAlbum,
  keptAlbums,
  removeKept,
  stillTheirs,
  storageEstimate,
} from './keep-store';

/**
 * What the page shows of the albums kept on this device, shared by every
 * card of an album: the signed-in account's kept albums (from the local
 * record, checked against the cache), the albums being kept with their
 * progress, the last failure of each, and the space the site uses here.
 */
export interface KeepState {
  userId: number | null;
  /** False until the record was read (nothing is shown as kept or not before). */
  loaded: boolean;
  kept: ReadonlyMap<number, KeptAlbum>;
  saving: ReadonlyMap<number, KeepProgress>;
  failed: ReadonlyMap<number, KeepFailure>;
  estimate: { usage: number; quota: number } | null;
}

let state: KeepState = { userId: null, loaded: false, kept: new Map(), saving: new Map(), failed: new Map(), estimate: null };
const listeners = new Set<() => void>();

function set(change: Partial<KeepState>) {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

function withEntry<V>(map: ReadonlyMap<number, V>, id: number, value: V | undefined) {
  const next = new Map(map);
  if (value === undefined) next.delete(id);
  else next.set(id, value);
  return next;
}

/** Reads `userId`'s record again (evicted albums leave it), and the space used. */
async function reload(userId: number) {
  const [kept, estimate] = await Promise.all([keptAlbums(userId).catch(() => new Map<number, KeptAlbum>()), storageEstimate()]);
  if (state.userId === userId) set({ kept, estimate, loaded: true });
  // The device session names what is kept, for the app opened offline (decision 044).
  noteDeviceSession(userId, { kept: [...kept.keys()] });
}

/**
 * The next online check (issue 32 item 3): each kept album is compared with
 * the library's answer for it; one the family no longer has the right to (a
 * refund, a plan that ended) is removed from the device. Offline, or when
 * the server cannot say, nothing changes.
 */
export async function checkKeptRights(userId: number) {
  if (!navigator.onLine) return;
  for (const [productId, kept] of state.kept) {
    let now: LibraryAlbum | null;
    try {
      now = await api<LibraryAlbum>(`/crud/my-library/product/${productId}`);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) continue;
      now = null;
    }
    if (!stillTheirs(kept, now)) await removeKept(userId, productId);
  }
  await reload(userId);
}

/** Keeps an album on this device for the signed-in account, with progress; a failure is shown on its card. */
export async function keep(album: LibraryAlbum) {
  const { userId } = state;
  const id = album.product_id;
  if (userId === null || state.saving.has(id)) return;
  askPersistence();
  set({ failed: withEntry(state.failed, id, undefined) });
  try {
    await keepAlbum(userId, album, (progress) => set({ saving: withEntry(state.saving, id, progress) }));
  } catch (error) {
    set({ failed: withEntry(state.failed, id, error instanceof KeepError ? error.reason : 'network') });
  }
  set({ saving: withEntry(state.saving, id, undefined) });
  await reload(userId);
}

/** Removes an album from this device. */
export async function forget(productId: number) {
  const { userId } = state;
  if (userId === null) return;
  await removeKept(userId, productId);
  await reload(userId);
}

/**
 * The kept albums of `userId` (null: signed out, nothing kept shows). Reads
 * the record once per account and again when the network returns; with
 * `check`, compares them with the library online (the library page).
 */
export function useKeepState(userId: number | null, { check = false } = {}): KeepState {
  useEffect(() => {
    if (!canKeep() || userId === null) return;
    if (state.userId !== userId) set({ userId, loaded: false, kept: new Map(), saving: new Map(), failed: new Map() });
    const refresh = () => void reload(userId).then(() => (check ? checkKeptRights(userId) : undefined));
    refresh();
    window.addEventListener('online', refresh);
    return () => window.removeEventListener('online', refresh);
  }, [userId, check]);
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
