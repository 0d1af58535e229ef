/**
 * Resume that never jumps back: the one rule that decides which of two
 * listening places of a track is kept, for the server (library.repository.ts
 * saveProgress says it in SQL, so that two saves at once cannot both win),
 * for a device merging what it heard with what the server holds
 * (web/src/components/player/device-places.ts), and for the property test
 * that plays devices against each other (listening-rule.property.test.ts).
 * The newest hearing wins, whichever device heard it and however late it is
 * sent.
 */

/** A place in a track and when it was heard (ms since the epoch). */
export interface HeardPlace {
  position: number;
  heardAt: number;
}

/**
 * When a place counts as heard: when the device says, but never later than
 * `now` (a device whose clock runs ahead counts as now); a place sent
 * without a time (online, as it is heard) is now.
 */
export const heardTime = (heardAt: number | null | undefined, now: number) =>
  heardAt === null || heardAt === undefined || !Number.isFinite(heardAt) ? now : Math.min(heardAt, now);

/** The place kept of the stored one and one coming in: the one coming in, unless the stored one was heard later. */
export function keptPlace<P extends HeardPlace>(stored: P | undefined, incoming: P): P {
  return stored === undefined || stored.heardAt <= incoming.heardAt ? incoming : stored;
}
