import { type HeardPlace, keptPlace } from '@storyhouse/contracts';
import { HEARD_KEY } from '../../lib/device-session-keys';

/**
 * The last place heard of each track on this device, with when (decision
 * 044): a reload, the installed app opened offline, or My Library's
 * Continue listening with no network start from what this device heard,
 * unless the server holds a place heard later (the rule of keptPlace).
 * localStorage: read synchronously as a track starts, and small (one entry
 * per track heard). The family's: removed at sign-out with the device
 * session (lib/device-session.ts).
 */
type Places = Record<string, HeardPlace>;

function read(): Places {
  try {
    const places = JSON.parse(localStorage.getItem(HEARD_KEY) ?? '{}') as unknown;
    return places && typeof places === 'object' ? (places as Places) : {};
  } catch {
    return {};
  }
}

/** Where this device last heard `skuId`, if it did. */
export const devicePlace = (skuId: number): HeardPlace | undefined => read()[skuId];

/** Every place this device heard, by sku id. */
export const devicePlaces = (): ReadonlyMap<number, HeardPlace> =>
  new Map(Object.entries(read()).map(([skuId, place]) => [Number(skuId), place]));

/** Records a place heard on this device (a later hearing replaces it; an earlier one never does). */
export function hearPlace(skuId: number, position: number, heardAt: number) {
  try {
    const places = read();
    places[skuId] = keptPlace(places[skuId], { position, heardAt });
    localStorage.setItem(HEARD_KEY, JSON.stringify(places));
  } catch {
    // Storage blocked or full: the server's place is used, as before.
  }
}
