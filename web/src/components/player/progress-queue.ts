import { libraryPaths, type ProgressBody } from '@storyhouse/contracts';
import { deviceListener } from '../../lib/device-session';
import { KEPT_CACHE } from '../../lib/kept-on-device';
import { deviceId } from './device-id';

/**
 * Listening places heard while offline (a kept album on a plane, issue 32
 * item 3), kept on the device until the network returns, then sent with
 * when they were heard: the server keeps the newest place, so one sent late
 * never overwrites a newer one from another device. The last place of each
 * track for each listener of the device (a child profile, the parents: issue 42). They live in the kept cache beside the kept albums, so
 * signing out forgets both at once (features/accounts/api/logout.ts); a
 * write started as the page goes away may be lost, at most the last 15 s
 * heard (the player saves that often while playing).
 */

/** The queue's entry in the kept cache (among the cache's own entries, under /kept-on-device/: features/library/keep). */
const PLACES_URL = '/kept-on-device/places.json';

interface QueuedPlace {
  position: number;
  heardAt: string;
  /** Who heard it (lib/device-session.ts deviceListener); absent in a queue kept before child profiles: the parents. */
  listener?: string;
  skuId?: number;
}
/** By `placeKey`; a queue kept before child profiles has the sku id alone as its key. */
type Queue = Record<string, QueuedPlace>;

const placeKey = (listener: string, skuId: number) => `${listener}/${skuId}`;
const listenerOf = (place: QueuedPlace) => place.listener ?? 'family';
const skuOf = (key: string, place: QueuedPlace) => place.skuId ?? Number(key);

/** What became of a place sent: saved, refused for good (a 4xx: not theirs any more), or to try again later. */
export type SendResult = 'saved' | 'refused' | 'retry';

const hasCaches = () => typeof caches !== 'undefined';

async function readQueue(): Promise<Queue> {
  if (!hasCaches()) return {};
  try {
    const queue: unknown = await (await caches.match(PLACES_URL, { cacheName: KEPT_CACHE }))?.json();
    return queue && typeof queue === 'object' ? (queue as Queue) : {};
  } catch {
    return {};
  }
}

async function writeQueue(queue: Queue) {
  try {
    // Nothing queued and no cache (none kept, or a sign-out emptied the device): opening it would make it again.
    if (Object.keys(queue).length === 0 && !(await caches.has(KEPT_CACHE))) return;
    const cache = await caches.open(KEPT_CACHE);
    if (Object.keys(queue).length === 0) await cache.delete(PLACES_URL);
    else await cache.put(PLACES_URL, new Response(JSON.stringify(queue), { headers: { 'content-type': 'application/json' } }));
  } catch {
    // Storage full or blocked: the place is lost, as it was before the queue.
  }
}

/** One change of the queue at a time (each reads what the one before wrote). */
let changing: Promise<unknown> = Promise.resolve();
function changeQueue<T>(change: (queue: Queue) => T | Promise<T>): Promise<T> {
  const next = changing.then(async () => {
    const queue = await readQueue();
    const result = await change(queue);
    await writeQueue(queue);
    return result;
  });
  changing = next.catch(() => undefined);
  return next;
}

/**
 * Keeps a place the device's listener heard, to send when the network returns (replacing an older one of theirs of
 * the same track).
 */
export function queuePlace(skuId: number, position: number, heardAt: Date): Promise<void> {
  if (!hasCaches()) return Promise.resolve();
  const listener = deviceListener();
  return changeQueue((queue) => {
    queue[placeKey(listener, skuId)] = { position, heardAt: heardAt.toISOString(), listener, skuId };
  });
}

/** The places waiting, by listener and sku id (tests). */
export const queuedPlaces = (): Promise<Readonly<Queue>> => changing.then(readQueue);

/**
 * PUT /crud/my-library/progress/{skuId}. A direct fetch rather than
 * lib/api-client's `api`: it must be able to outlive the page (keepalive),
 * and a refusal must stay silent. `api` would send a listener whose session
 * ended to the login page in the middle of a story; here a failed save only
 * costs the saved place, so it is logged, not shown. The browser adds the
 * Origin header the server's same-origin check (server/src/plugins/security.ts) reads.
 */
export async function putProgress(
  skuId: number,
  position: number,
  { keepalive = false, heardAt }: { keepalive?: boolean; heardAt?: string } = {},
): Promise<SendResult> {
  try {
    const response = await fetch(libraryPaths.progress(skuId), {
      method: 'PUT',
      credentials: 'same-origin',
      keepalive,
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(progressBody(position, heardAt)),
    });
    // The answer is read to its end: a response left unread keeps its request open (and its connection) until it is
    // collected.
    await response.arrayBuffer().catch(() => undefined);
    if (response.ok) return 'saved';
    console.info(`The listening position of ${skuId} was not saved (${response.status}).`);
    return response.status === 429 || response.status >= 500 ? 'retry' : 'refused';
  } catch {
    console.info(`The listening position of ${skuId} was not saved (offline?).`);
    return 'retry';
  }
}

/** What a save says: the place, when it was heard when sent late, and this browser (device-id.ts). */
function progressBody(position: number, heardAt: string | undefined): ProgressBody {
  const device = deviceId();
  return { position_seconds: position, ...(heardAt ? { heard_at: heardAt } : {}), ...(device ? { device_id: device } : {}) };
}

/** One pass at a time: a pass asked for while one runs follows it (it may find a place queued meanwhile). */
let sending: Promise<void> = Promise.resolve();

/**
 * Sends the places the device's listener heard, oldest first; one that cannot be sent yet stays for the next time the
 * network returns. Another listener's wait until they listen here again: the server files a place under the profile
 * the session speaks for, so Mia's places sent while Leo listens would become Leo's.
 */
export function sendQueuedPlaces(): Promise<void> {
  sending = sending.then(sendWaiting);
  return sending;
}

async function sendWaiting() {
  const listener = deviceListener();
  const waiting = Object.entries(await queuedPlaces())
    .filter(([, place]) => listenerOf(place) === listener)
    .sort(([, a], [, b]) => a.heardAt.localeCompare(b.heardAt));
  for (const [key, place] of waiting) {
    const result = await putProgress(skuOf(key, place), place.position, { heardAt: place.heardAt });
    if (result === 'retry') return;
    // A newer place of the same track queued meanwhile stays.
    await changeQueue((queue) => {
      if (queue[key]?.heardAt === place.heardAt) delete queue[key];
    });
  }
}
