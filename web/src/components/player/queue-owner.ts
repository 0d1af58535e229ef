/**
 * Who the queue belongs to: a signed-in account's parents (the account id), one of its children ('12:p3', issue 42:
 * each profile has its own queue), or this browser's visitor (null).
 */
export type QueueOwner = number | string | null;

/** Where this browser keeps an owner's queue (localStorage), a visitor's under its own key. */
export const queueStorageKey = (owner: QueueOwner) => `storyhouse:queue:${owner ?? 'visitor'}`;

/**
 * Whether this browser keeps a visitor's queue, read without loading the keeper (and the contracts' schemas it
 * parses a queue with): a visitor who never played anything has nothing to bring back (issue 46).
 */
export function hasVisitorQueue(): boolean {
  try {
    return localStorage.getItem(queueStorageKey(null)) !== null;
  } catch {
    return false;
  }
}
