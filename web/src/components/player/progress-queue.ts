import { libraryPaths } from '@storyhouse/contracts';
import { PROGRESS_QUEUE_KEY } from '../../lib/kept-on-device';

/**
 * Listening places heard while offline (a kept album on a plane, issue 32
 * item 3), kept in localStorage until the network returns, then sent with
 * when they were heard: the server keeps the newest place, so one sent late
 * never overwrites a newer one from another device. The last place of each
 * track only.
 */

interface QueuedPlace {
  position: number;
  heardAt: string;
}
type Queue = Record<string, QueuedPlace>;

/** What became of a place sent: saved, refused for good (a 4xx: not theirs any more), or to try again later. */
export type SendResult = 'saved' | 'refused' | 'retry';

function readQueue(): Queue {
  try {
    const queue: unknown = JSON.parse(localStorage.getItem(PROGRESS_QUEUE_KEY) ?? '{}');
    return queue && typeof queue === 'object' ? (queue as Queue) : {};
  } catch {
    return {};
  }
}

function writeQueue(queue: Queue) {
  try {
    if (Object.keys(queue).length === 0) localStorage.removeItem(PROGRESS_QUEUE_KEY);
    else localStorage.setItem(PROGRESS_QUEUE_KEY, JSON.stringify(queue));
  } catch {
    // Storage full or blocked: the place is lost, as it was before the queue.
  }
}

/** Keeps a place to send when the network returns (replacing an older one of the same track). */
export function queuePlace(skuId: number, position: number, heardAt: Date) {
  const queue = readQueue();
  queue[skuId] = { position, heardAt: heardAt.toISOString() };
  writeQueue(queue);
}

/** The places waiting, by sku id (tests, the offline library). */
export const queuedPlaces = (): Readonly<Queue> => readQueue();

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
      body: JSON.stringify(heardAt ? { position_seconds: position, heard_at: heardAt } : { position_seconds: position }),
    });
    if (response.ok) return 'saved';
    console.info(`The listening position of ${skuId} was not saved (${response.status}).`);
    return response.status === 429 || response.status >= 500 ? 'retry' : 'refused';
  } catch {
    console.info(`The listening position of ${skuId} was not saved (offline?).`);
    return 'retry';
  }
}

/** One pass at a time: a pass asked for while one runs follows it (it may find a place queued meanwhile). */
let sending: Promise<void> = Promise.resolve();

/** Sends the places waiting, oldest first; one that cannot be sent yet stays for the next time the network returns. */
export function sendQueuedPlaces(): Promise<void> {
  sending = sending.then(sendWaiting);
  return sending;
}

async function sendWaiting() {
  const waiting = Object.entries(readQueue()).sort(([, a], [, b]) => a.heardAt.localeCompare(b.heardAt));
  for (const [skuId, place] of waiting) {
    const result = await putProgress(Number(skuId), place.position, { heardAt: place.heardAt });
    if (result === 'retry') return;
    const queue = readQueue();
    // A newer place of the same track queued meanwhile stays.
    if (queue[skuId]?.heardAt === place.heardAt) {
      delete queue[skuId];
      writeQueue(queue);
    }
  }
}
