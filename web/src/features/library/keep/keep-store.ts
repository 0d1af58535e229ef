import type { LibraryAlbum, LibraryTrack } from '@storyhouse/contracts';
import { KEPT_CACHE } from '../../../lib/kept-on-device';

/**
 * "Keep on this device" (issue 32 item 3): an album's full tracks and cover
 * in the Cache Storage cache KEPT_CACHE, under the URLs the player and the
 * page ask for (a track's owner-only download address file_url, which the
 * kept album's player plays: keptTrack; the album's image), so the service
 * worker answers them from there, offline too, Range requests included
 * (sw/kept-media.ts). Fetched through that owner-only route, so the server
 * decides what may be kept.
 *
 * What is kept is recorded per account in the same cache (a small JSON
 * entry): an album enters the record only once all its files are stored, so
 * nothing half-kept is ever shown as ready. Files no record names (a keep cut
 * short by a closed tab) are swept away; an album whose files the browser
 * evicted leaves the record.
 */

/** An album as kept: the library's answer when it was kept, its kept tracks only, and the bytes they take. */
export interface KeptAlbum {
  album: LibraryAlbum;
  bytes: number;
  keptAt: string;
}

/** Progress while keeping: tracks stored of all, and bytes stored so far. */
export interface KeepProgress {
  done: number;
  total: number;
  bytes: number;
}

/**
 * Why keeping stopped, each with its own message: storage full or refused,
 * the network, the album no longer theirs, or the family cancelled it.
 */
export type KeepFailure = 'quota' | 'network' | 'gone' | 'cancelled';

export class KeepError extends Error {
  constructor(readonly reason: KeepFailure) {
    super(`The album could not be kept (${reason})`);
  }
}

type Record = { [productId: string]: KeptAlbum };

/** The kept cache's own entries (the records, the unsent places: lib/kept-on-device.ts PLACES_URL) live under this path. */
const RECORD_PREFIX = '/kept-on-device/';
const recordUrl = (userId: number) => absolute(`${RECORD_PREFIX}${userId}.json`);
const isRecord = (url: string) => /^\/kept-on-device\/\d+\.json$/.test(new URL(url).pathname);
const absolute = (url: string) => new URL(url, location.origin).href;

/** Whether this browser can keep albums (Cache Storage needs a secure context: https or localhost). */
export const canKeep = () => typeof caches !== 'undefined' && typeof window !== 'undefined' && window.isSecureContext;

/** The tracks of an album that can be kept: those the family may download (owned, or covered by their plan). */
export const keepableTracks = (album: LibraryAlbum) =>
  album.tracks.filter((track): track is LibraryTrack & { file_url: string } => track.file_url !== null);

/**
 * The URLs an album's kept copy answers: its tracks under their owner-only
 * download address (file_url: the worker answers it from the device, and
 * online, when not kept, the server streams it to its owner only), their
 * words for reading along (transcript_url, issue 43: the server's answer as
 * it was when kept), and its cover. A kept track plays from there (keptTrack).
 */
export const keptUrls = (album: LibraryAlbum) =>
  [
    ...keepableTracks(album).flatMap((track) => [track.file_url, ...(track.transcript_url ? [track.transcript_url] : [])]),
    ...(album.image ? [album.image] : []),
  ].map(absolute);

/** A kept track as the player gets it: its stream is the kept copy's address. */
export const keptTrack = (track: LibraryTrack): LibraryTrack => ({
  ...track,
  download_url: track.file_url ?? track.download_url,
});

const openCache = () => caches.open(KEPT_CACHE);

async function readRecord(cache: Cache, userId: number): Promise<Record> {
  const response = await cache.match(recordUrl(userId));
  if (!response) return {};
  try {
    return (await response.json()) as Record;
  } catch {
    return {};
  }
}

function writeRecord(cache: Cache, userId: number, record: Record) {
  return cache.put(
    recordUrl(userId),
    new Response(JSON.stringify(record), { headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } }),
  );
}

/** The URLs some account's record still names (another account on this device may keep the same album). */
async function namedUrls(cache: Cache): Promise<Set<string>> {
  const named = new Set<string>();
  for (const request of await cache.keys()) {
    if (!isRecord(request.url)) continue;
    const record = ((await (await cache.match(request))?.json().catch(() => ({}))) ?? {}) as Record;
    for (const kept of Object.values(record)) for (const url of keptUrls(kept.album)) named.add(url);
  }
  return named;
}

/** Deletes the files no record names any more, among `urls` (all files when omitted). */
async function sweep(cache: Cache, urls?: readonly string[]) {
  const named = await namedUrls(cache);
  const candidates = urls ?? (await cache.keys()).map((request) => request.url);
  await Promise.all(
    candidates
      .filter((url) => !named.has(url) && !new URL(url).pathname.startsWith(RECORD_PREFIX))
      .map((url) => cache.delete(url)),
  );
}

/**
 * The albums `userId` keeps here, by product id, checked against the cache:
 * an album missing any of its files (evicted by the browser) is dropped
 * from the record and its remaining files removed. Files of a keep that
 * never finished are swept.
 */
export async function keptAlbums(userId: number): Promise<Map<number, KeptAlbum>> {
  // No cache: nothing kept (opening it to look would make it again, after a sign-out emptied the device).
  if (!canKeep() || !(await caches.has(KEPT_CACHE))) return new Map();
  const cache = await openCache();
  const record = await readRecord(cache, userId);
  const stored = new Set((await cache.keys()).map((request) => request.url));
  const whole = Object.entries(record).filter(([, kept]) => keptUrls(kept.album).every((url) => stored.has(url)));
  if (whole.length !== Object.keys(record).length) await writeRecord(cache, userId, Object.fromEntries(whole));
  await sweep(cache);
  return new Map(whole.map(([id, kept]) => [Number(id), kept]));
}

/** Counts the bytes of a body as they go by, without holding them. */
function counted(body: ReadableStream<Uint8Array>, onBytes: (n: number) => void) {
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        onBytes(chunk.byteLength);
        controller.enqueue(chunk);
      },
    }),
  );
}

/** Fetches one file and stores it under `url`, streamed to the cache (never whole in memory). */
async function store(cache: Cache, from: string, url: string, onBytes: (n: number) => void, signal?: AbortSignal) {
  const response = await fetch(from, { credentials: 'same-origin', signal });
  if (response.status === 401 || response.status === 403 || response.status === 404) throw new KeepError('gone');
  if (!response.ok || !response.body) throw new KeepError('network');
  const headers = new Headers({ 'content-type': response.headers.get('content-type') ?? 'application/octet-stream' });
  const length = response.headers.get('content-length');
  if (length) headers.set('content-length', length);
  // The download's attachment header stays behind: the copy is played, not saved.
  await cache.put(url, new Response(counted(response.body, onBytes), { headers }));
}

/** The failure a thrown error stands for: cancelled, storage full or refused, else the network. */
function failureOf(error: unknown, signal?: AbortSignal): KeepFailure {
  if (signal?.aborted) return 'cancelled';
  if (error instanceof KeepError) return error.reason;
  if (error instanceof DOMException && (error.name === 'QuotaExceededError' || error.name === 'SecurityError')) return 'quota';
  return 'network';
}

/**
 * Keeps a track's words with its audio (issue 43), so reading along works
 * offline: the transcript's answer stored under its address. Words that
 * cannot be fetched are not worth the album: it is kept without them (the
 * track shows no Read along offline), unless storage is full or the family
 * cancelled.
 */
async function keepTranscript(
  cache: Cache,
  kept: KeptAlbum,
  skuId: number,
  from: string,
  tried: string[],
  onBytes: (n: number) => void,
  signal?: AbortSignal,
) {
  const url = absolute(from);
  tried.push(url);
  await store(cache, from, url, onBytes, signal).catch((error: unknown) => {
    const failure = failureOf(error, signal);
    if (failure === 'quota' || failure === 'cancelled') throw error;
    kept.album = {
      ...kept.album,
      tracks: kept.album.tracks.map((track) => (track.sku_id === skuId ? { ...track, transcript_url: null } : track)),
    };
  });
}

/**
 * Keeps `album` for `userId`: its downloadable tracks (through file_url,
 * stored under their download_url) each with its words when it has any, then its cover, then its entry in the
 * record, last. On any failure, or once `signal` aborts (the family's
 * Cancel), what was stored of it is removed and a KeepError thrown (quota,
 * network, gone, cancelled): a cancel that comes after the last file is
 * still in time, the record is written only if it has not come.
 */
export async function keepAlbum(
  userId: number,
  album: LibraryAlbum,
  onProgress: (progress: KeepProgress) => void,
  signal?: AbortSignal,
): Promise<KeptAlbum> {
  const tracks = keepableTracks(album);
  if (tracks.length === 0) throw new KeepError('gone');
  const kept: KeptAlbum = { album: { ...album, tracks }, bytes: 0, keptAt: new Date().toISOString() };
  const cache = await openCache();
  const tried: string[] = [];
  const progress: KeepProgress = { done: 0, total: tracks.length, bytes: 0 };
  const onBytes = (n: number) => {
    progress.bytes += n;
    onProgress({ ...progress });
  };
  onProgress({ ...progress });
  try {
    for (const track of tracks) {
      const url = absolute(track.file_url);
      tried.push(url);
      await store(cache, track.file_url, url, onBytes, signal);
      if (track.transcript_url) await keepTranscript(cache, kept, track.sku_id, track.transcript_url, tried, onBytes, signal);
      progress.done += 1;
      onProgress({ ...progress });
    }
    if (album.image) {
      const url = absolute(album.image);
      tried.push(url);
      // A cover that cannot be fetched is not worth the album: kept without it (offline, the card shows none).
      await store(cache, album.image, url, onBytes, signal).catch((error: unknown) => {
        const failure = failureOf(error, signal);
        if (failure === 'quota' || failure === 'cancelled') throw error;
        kept.album = { ...kept.album, image: null };
      });
    }
    kept.bytes = progress.bytes;
    const record = await readRecord(cache, userId);
    signal?.throwIfAborted();
    record[album.product_id] = kept;
    await writeRecord(cache, userId, record);
    return kept;
  } catch (error) {
    await sweep(cache, tried).catch(() => undefined);
    throw new KeepError(failureOf(error, signal));
  }
}

/** Removes an album from `userId`'s record, then its files no other record names. */
export async function removeKept(userId: number, productId: number) {
  if (!canKeep() || !(await caches.has(KEPT_CACHE))) return;
  const cache = await openCache();
  const record = await readRecord(cache, userId);
  const kept = record[productId];
  if (!kept) return;
  delete record[productId];
  await writeRecord(cache, userId, record);
  await sweep(cache, keptUrls(kept.album));
}

/** Removes every album of `userId`'s record from this device, then the files no other record names. */
export async function removeAllKept(userId: number) {
  if (!canKeep() || !(await caches.has(KEPT_CACHE))) return;
  const cache = await openCache();
  await writeRecord(cache, userId, {});
  await sweep(cache);
}

/**
 * What keeping `album` will take on the device, in bytes, before a byte of
 * it is fetched; null when the server cannot say. One HEAD of the album's
 * ZIP (its `zip_url`): the server sizes it from the stored files without
 * reading them, and it holds the very files a keep stores (the tracks the
 * family may download and the cover), so its length is their size plus
 * the ZIP's own headers, about a hundred bytes a file (decision 048).
 */
export async function albumSize(album: LibraryAlbum, signal?: AbortSignal): Promise<number | null> {
  if (!album.zip_url) return null;
  const response = await fetch(album.zip_url, { method: 'HEAD', credentials: 'same-origin', signal });
  const length = Number(response.headers.get('content-length'));
  return response.ok && Number.isFinite(length) && length > 0 ? length : null;
}

/**
 * Whether the family may still keep an album, from the library's answer for
 * it (GET /crud/my-library/product/{id}): not when it is gone from their
 * library (404: refunded, the plan ended), nor when a kept track may no
 * longer be downloaded.
 */
export function stillTheirs(kept: KeptAlbum, now: LibraryAlbum | null): boolean {
  if (!now) return false;
  const downloadable = new Set(keepableTracks(now).map((track) => track.sku_id));
  return kept.album.tracks.every((track) => downloadable.has(track.sku_id));
}

/** What this site stores in this browser and may store (navigator.storage.estimate), when the browser says. */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  try {
    const { usage, quota } = (await navigator.storage?.estimate?.()) ?? {};
    return usage !== undefined && quota !== undefined ? { usage, quota } : null;
  } catch {
    return null;
  }
}

/** Asks that what is kept is not evicted under storage pressure (the browser may ask the family, or decide alone). */
export function askPersistence() {
  void navigator.storage?.persist?.().catch(() => false);
}
