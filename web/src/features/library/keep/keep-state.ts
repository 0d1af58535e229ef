import type { LibraryAlbum } from '@storyhouse/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { ApiError, api } from '../../../lib/api-client';
import { noteDeviceSession } from '../../../lib/device-session-changes';
import { currentConnection, keepGate, keepSettings, networkInformation, setKeepSettings } from './keep-network';
import {
  askPersistence,
  canKeep,
  KeepError,
  type KeepFailure,
  type KeepProgress,
  type KeptAlbum,
  keepAlbum,
  keepableTracks,
  keptAlbums,
  removeAllKept,
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
  /** Albums not started yet under "Wi-Fi only": waiting for Wi-Fi (on mobile data), or asking whether this is Wi-Fi. */
  pending: ReadonlyMap<number, { album: LibraryAlbum; gate: 'wait' | 'ask' }>;
  estimate: { usage: number; quota: number } | null;
}

const EMPTY = { kept: new Map(), saving: new Map(), failed: new Map(), pending: new Map() } as const;
/** What the server renders: nothing read from this device. */
const UNREAD: KeepState = { userId: null, loaded: false, ...EMPTY, estimate: null };
let state = UNREAD;
/** The keeps running, each with the controller its Cancel aborts. */
const running = new Map<number, AbortController>();
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

/** Starts the albums waiting for Wi-Fi once the browser reports it (or no longer reports mobile data). */
function onConnectionChange() {
  if (currentConnection() === 'cellular') return;
  for (const [, { album, gate }] of state.pending) if (gate === 'wait') void keep(album, { now: true });
}
let watchingConnection = false;
function watchConnection() {
  if (watchingConnection) return;
  watchingConnection = true;
  networkInformation()?.addEventListener('change', onConnectionChange);
}

/**
 * Keeps an album on this device for the signed-in account, with progress;
 * a failure is shown on its card. Under "Wi-Fi only" it may first wait for
 * Wi-Fi or ask (keep-network.ts); `now` keeps it at once (the family chose to).
 */
export async function keep(album: LibraryAlbum, { now = false } = {}) {
  const { userId } = state;
  const id = album.product_id;
  if (userId === null || state.saving.has(id)) return;
  set({ failed: withEntry(state.failed, id, undefined) });
  const gate = now ? 'go' : keepGate(keepSettings(), currentConnection());
  if (gate !== 'go') {
    if (gate === 'wait') watchConnection();
    set({ pending: withEntry(state.pending, id, { album, gate }) });
    return;
  }
  askPersistence();
  const controller = new AbortController();
  running.set(id, controller);
  set({
    pending: withEntry(state.pending, id, undefined),
    saving: withEntry(state.saving, id, { done: 0, total: keepableTracks(album).length, bytes: 0 }),
  });
  try {
    await keepAlbum(userId, album, (progress) => set({ saving: withEntry(state.saving, id, progress) }), controller.signal);
  } catch (error) {
    set({ failed: withEntry(state.failed, id, error instanceof KeepError ? error.reason : 'network') });
  }
  running.delete(id);
  set({ saving: withEntry(state.saving, id, undefined) });
  await reload(userId);
}

/** The family answered "yes, this is Wi-Fi": remembered on this device (not asked again), and the album kept. */
export function keepOnWifi(album: LibraryAlbum) {
  setKeepSettings({ confirmed: true });
  return keep(album, { now: true });
}

/** Cancels keeping an album: a keep running stops and leaves nothing of it; one waiting or asking is dropped. */
export function cancelKeep(productId: number) {
  running.get(productId)?.abort();
  if (state.pending.has(productId)) set({ pending: withEntry(state.pending, productId, undefined) });
}

/** Removes an album from this device. */
export async function forget(productId: number) {
  const { userId } = state;
  if (userId === null) return;
  await removeKept(userId, productId);
  await reload(userId);
}

/** Removes every album the signed-in account keeps on this device. */
export async function forgetAll() {
  const { userId } = state;
  if (userId === null) return;
  await removeAllKept(userId);
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
    if (state.userId !== userId) set({ userId, loaded: false, ...EMPTY });
    const refresh = () => void reload(userId).then(() => (check ? checkKeptRights(userId) : undefined));
    refresh();
    window.addEventListener('online', refresh);
    return () => window.removeEventListener('online', refresh);
  }, [userId, check]);
  // Hydrating, the page's first render is the server's (nothing read), even where another part of the page, hydrated
  // earlier, has read the device already: the server's text differing from the first render's was React's error #418.
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => UNREAD,
  );
}
