import { type ListeningQueue, listeningQueuePath } from '@storyhouse/contracts';
import { withSiteFlag } from '../../lib/api-client';
import { signOutPending } from '../../lib/device-session';
import { newer } from './queue-kept';
import { type QueueOwner, queueStorageKey } from './queue-owner';

export type { QueueOwner } from './queue-owner';

/**
 * Keeps the player's queue (issue 41 item 3, decision 046): on the device,
 * in localStorage per account (a visitor's under its own key), at once after
 * each change; and for a signed-in family on the server (PUT
 * /crud/my-library/queue), a second after the last change, so it follows
 * them to another device. Reading takes the newer of the two.
 */

/** The account an owner belongs to (a child's queue is its family's). */
const accountOf = (owner: QueueOwner) => (typeof owner === 'string' ? Number(owner.split(':')[0]) : owner);

/** After the last change, the server is told this much later (a drag or a run of taps is one write). */
export const QUEUE_SAVE_DELAY_MS = 1000;

/**
 * The queue's schemas, to read a kept queue back: loaded when one is, not with the player (keeping a queue as it
 * plays writes what the player made, and needs no check).
 */
const schemas = () => import('@storyhouse/contracts/listening-queue');

async function readDevice(owner: QueueOwner): Promise<ListeningQueue | null> {
  try {
    const raw = localStorage.getItem(queueStorageKey(owner));
    if (!raw) return null;
    const parsed = (await schemas()).ListeningQueue.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function writeDevice(owner: QueueOwner, queue: ListeningQueue) {
  try {
    localStorage.setItem(queueStorageKey(owner), JSON.stringify(queue));
  } catch {
    // A full or refused storage (a private window): the queue lives as long as the page, and on the server.
  }
}

/** Forgets an account's queue on this device (at sign-out); the server keeps it for the next sign-in. */
export function forgetDeviceQueue(owner: QueueOwner) {
  try {
    localStorage.removeItem(queueStorageKey(owner));
  } catch {
    // Nothing kept.
  }
}

/** The family's queue kept on the server: null for none, undefined when it could not be had (offline, refused). */
async function fetchQueue(): Promise<ListeningQueue | null | undefined> {
  try {
    const response = await fetch(withSiteFlag(listeningQueuePath), {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return undefined;
    const parsed = (await schemas()).ListeningQueueResponse.safeParse(await response.json());
    return parsed.success ? parsed.data.queue : undefined;
  } catch {
    // Offline: the device's copy is the one.
    return undefined;
  }
}

/** Sends the queue to the server; not sent (offline), the next change, or the next visit, sends it. */
function sendQueue(queue: ListeningQueue) {
  const body = JSON.stringify(queue);
  fetch(withSiteFlag(listeningQueuePath), {
    method: 'PUT',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    // keepalive outlives a page going away, for bodies up to 64 KB (a long queue is sent without it).
    body,
    keepalive: body.length < 60_000,
  })
    // The answer is read to its end (the server's copy, unused): a response left unread keeps its request open.
    .then((response) => response.arrayBuffer())
    .catch(() => undefined);
}

/**
 * The queue to come back to for `owner`: the newer of the device's and,
 * signed in, the server's. A device copy newer than the server's is sent.
 */
export async function findQueue(owner: QueueOwner): Promise<ListeningQueue | null> {
  const device = await readDevice(owner);
  // A sign-out made offline is still on its way to the server (the page loads again once it arrived): not asked.
  if (owner === null || signOutPending()) return device;
  const server = await fetchQueue();
  const found = newer(device, server ?? null);
  if (found && found !== server && server !== undefined) sendQueue(found);
  if (found && found === server) writeDevice(owner, found);
  return found;
}

/** Who the page said listens, last (undefined before it knew). */
let pageOwner: QueueOwner | undefined;

/**
 * The page learnt who listens (signed in or not): signing out (or another
 * account) forgets the previous account's queue on this device; the queue
 * kept for `owner`, on the device or the server, comes back loaded and
 * paused, and the player loads for it.
 */
export async function comeBack(
  player: {
    isWanted(): boolean;
    run(action: (engine: { adoptOwner(owner: QueueOwner, kept: ListeningQueue | null): void }) => void): void;
  },
  owner: QueueOwner,
) {
  if (owner === pageOwner) return;
  const previous = pageOwner;
  pageOwner = owner;
  // Another account's queue leaves the device; the family's own profiles keep theirs (issue 42).
  if (previous != null && accountOf(previous) !== accountOf(owner)) forgetDeviceQueue(previous);
  const kept = await findQueue(owner);
  // Another change of account came meanwhile: it decides.
  if (pageOwner !== owner) return;
  if (kept || player.isWanted()) player.run((engine) => engine.adoptOwner(owner, kept));
}

/** Keeps each change of the queue for its owner. */
export class QueueKeeper {
  /** An engine made after the page learnt who listens keeps the queue for them from the start. */
  private owner: QueueOwner = pageOwner ?? null;
  private pending: { owner: QueueOwner; queue: ListeningQueue } | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    // A page going away sends the last change now rather than never.
    window.addEventListener('pagehide', () => this.flush());
  }

  get currentOwner() {
    return this.owner;
  }

  /** The queue now belongs to `owner` (sign-in, sign-out): what is waiting goes to the account it was for. */
  setOwner(owner: QueueOwner) {
    this.flush();
    this.owner = owner;
  }

  save(queue: ListeningQueue) {
    writeDevice(this.owner, queue);
    if (this.owner === null) return;
    this.pending = { owner: this.owner, queue };
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), QUEUE_SAVE_DELAY_MS);
  }

  private flush() {
    clearTimeout(this.timer);
    this.timer = undefined;
    const pending = this.pending;
    this.pending = null;
    // Sent only while the session is still that account's (a sign-out in between drops it: the server keeps the last one sent).
    if (pending && pending.owner === this.owner) sendQueue(pending.queue);
  }
}
