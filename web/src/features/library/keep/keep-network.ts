import { useSyncExternalStore } from 'react';

/**
 * "Download over Wi-Fi only", a setting of this device (decision 048).
 * Where the browser reports the connection (the Network Information API's
 * `navigator.connection.type`, Chrome on Android), a keep on mobile data
 * waits for Wi-Fi, and the family may keep it now anyway. Where it does not
 * (Safari, Firefox, desktop browsers), the app cannot know: it asks once
 * ("Are you on Wi-Fi?") and remembers the answer; the storage page says so
 * and can ask again. Nothing ever blocks a family for good: every wait or
 * question has a way to keep the album now.
 */

/** What the browser says of its connection: Wi-Fi (or a cable), mobile data, nothing, or it does not say. */
export type Connection = 'wifi' | 'cellular' | 'none' | 'unknown';

/** What a keep does now: go ahead, wait for Wi-Fi (on mobile data), or ask the family (the browser does not say). */
export type KeepGate = 'go' | 'wait' | 'ask';

/** A connection type of the Network Information API as the setting reads it; anything else (bluetooth, mixed, other, unknown, absent) does not say. */
export function connectionOf(type: string | undefined): Connection {
  switch (type) {
    case 'wifi':
    case 'ethernet':
    case 'wimax':
      return 'wifi';
    case 'cellular':
      return 'cellular';
    case 'none':
      return 'none';
    default:
      return 'unknown';
  }
}

/**
 * Whether a keep starts now. Wi-Fi only off: always. On: over Wi-Fi; offline
 * too (the keep then fails and says so, as it always did); on mobile data it
 * waits; where the browser does not say, it asks, unless the family already
 * answered on this device.
 */
export function keepGate(settings: { wifiOnly: boolean; confirmed: boolean }, connection: Connection): KeepGate {
  if (!settings.wifiOnly || connection === 'wifi' || connection === 'none') return 'go';
  if (connection === 'cellular') return 'wait';
  return settings.confirmed ? 'go' : 'ask';
}

interface NetworkInformationLike extends EventTarget {
  type?: string;
}

/** The browser's connection object, where it has one. */
export const networkInformation = (): NetworkInformationLike | undefined =>
  typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: NetworkInformationLike }).connection;

/** The connection now, as this browser reports it. */
export const currentConnection = (): Connection => connectionOf(networkInformation()?.type);

/** Whether this browser reports its connection type at all (so the setting can say what it will do). */
export const reportsConnection = () => currentConnection() !== 'unknown';

// The settings live in this browser's localStorage: they belong to the device, not to the account.
const WIFI_ONLY = 'storyhouse.keep.wifiOnly';
const CONFIRMED = 'storyhouse.keep.wifiConfirmed';

export interface KeepSettings {
  wifiOnly: boolean;
  /** The family answered "I am on Wi-Fi" once on this device, where the browser does not say. */
  confirmed: boolean;
}

const OFF: KeepSettings = { wifiOnly: false, confirmed: false };
let cached: KeepSettings | null = null;
const listeners = new Set<() => void>();

function read(): KeepSettings {
  try {
    return { wifiOnly: localStorage.getItem(WIFI_ONLY) === 'on', confirmed: localStorage.getItem(CONFIRMED) === 'yes' };
  } catch {
    return OFF;
  }
}

/** The device's settings (read once, then kept in step with every change, another tab's included). */
export function keepSettings(): KeepSettings {
  cached ??= typeof window === 'undefined' ? OFF : read();
  return cached;
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage refused (a private window's quota): the choice holds for this page only.
  }
}

/** Changes the device's settings; turning Wi-Fi only off or on forgets the answer given, so the question comes again. */
export function setKeepSettings(change: Partial<KeepSettings>) {
  const next = { ...keepSettings(), ...change };
  if (change.wifiOnly !== undefined && change.confirmed === undefined) next.confirmed = false;
  write(WIFI_ONLY, next.wifiOnly ? 'on' : null);
  write(CONFIRMED, next.confirmed ? 'yes' : null);
  cached = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== WIFI_ONLY && event.key !== CONFIRMED) return;
    cached = read();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The device's keep settings, following changes. */
export const useKeepSettings = () => useSyncExternalStore(subscribe, keepSettings, () => OFF);
