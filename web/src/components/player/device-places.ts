import { type HeardPlace, keptPlace } from '@storyhouse/contracts';
import { deviceListener } from '../../lib/device-session';
import { HEARD_KEY } from '../../lib/device-session-keys';

/**
 * The last place heard of each track on this device, with when (decision
 * 044): a reload, the installed app opened offline, or My Library's
 * Continue listening with no network start from what this device heard,
 * unless the server holds a place heard later (the rule of keptPlace).
 * localStorage: read synchronously as a track starts, and small (one entry
 * per track heard). Filed by who listens (each child profile, the parents:
 * issue 42), so a child's Continue listening offline is their own. The
 * family's: removed at sign-out with the device session (lib/device-session.ts).
 */
type Places = Record<string, HeardPlace>;
/** The places of each listener of the device (lib/device-session.ts deviceListener): a child's are not the parents'. */
type Listeners = Record<string, Places>;

const isPlace = (value: unknown) => typeof value === 'object' && value !== null && 'position' in value;

function readAll(): Listeners {
  try {
    const stored = JSON.parse(localStorage.getItem(HEARD_KEY) ?? '{}') as unknown;
    if (!stored || typeof stored !== 'object') return {};
    // Kept before the places were filed by listener: the parents' (there were no child profiles then).
    const values = Object.values(stored);
    if (values.length > 0 && values.every(isPlace)) return { family: stored as Places };
    return stored as Listeners;
  } catch {
    return {};
  }
}

const read = (): Places => readAll()[deviceListener()] ?? {};

/** Where this device's listener last heard `skuId` here, if they did. */
export const devicePlace = (skuId: number): HeardPlace | undefined => read()[skuId];

/** Every place this device's listener heard here, by sku id. */
export const devicePlaces = (): ReadonlyMap<number, HeardPlace> =>
  new Map(Object.entries(read()).map(([skuId, place]) => [Number(skuId), place]));

/** Records a place the device's listener heard here (a later hearing replaces it; an earlier one never does). */
export function hearPlace(skuId: number, position: number, heardAt: number) {
  try {
    const listeners = readAll();
    const listener = deviceListener();
    const places = listeners[listener] ?? {};
    places[skuId] = keptPlace(places[skuId], { position, heardAt });
    localStorage.setItem(HEARD_KEY, JSON.stringify({ ...listeners, [listener]: places }));
  } catch {
    // Storage blocked or full: the server's place is used, as before.
  }
}
