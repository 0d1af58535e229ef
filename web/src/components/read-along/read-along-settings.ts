import { deviceListener } from '../../lib/device-session';

/**
 * How the read-along text is shown (issue 43): large type, and a
 * dyslexia-friendly setting (wider letter, word and line spacing, never
 * justified). A reading habit of the one who listens, like the player's
 * speed: remembered on this device, for each listener of it (the parents,
 * or each child profile: deviceListener), in localStorage.
 */
export interface ReadAlongSettings {
  large: boolean;
  easier: boolean;
}

export const DEFAULT_SETTINGS: ReadAlongSettings = { large: false, easier: false };

/** The key a listener's settings are kept under. */
export const settingsKey = (listener: string) => `storyhouse.readAlong.${listener}`;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function storage(): Store | null {
  try {
    return localStorage;
  } catch {
    // Storage blocked (private mode): the defaults apply, a choice lasts this visit.
    return null;
  }
}

/** What `listener` chose on this device; anything unreadable counts as not chosen. */
export function readSettings(listener: string, store: Store | null = storage()): ReadAlongSettings {
  try {
    const kept = JSON.parse(store?.getItem(settingsKey(listener)) ?? 'null') as Partial<ReadAlongSettings> | null;
    return { large: kept?.large === true, easier: kept?.easier === true };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export function writeSettings(listener: string, settings: ReadAlongSettings, store: Store | null = storage()) {
  try {
    store?.setItem(settingsKey(listener), JSON.stringify({ large: settings.large, easier: settings.easier }));
  } catch {
    // Storage full or blocked: the choice lasts this visit.
  }
}

/**
 * The settings as a store for useSyncExternalStore: the one listening now
 * (read at each look: a child profile chosen on the device changes it), a
 * change made in another read-along view or another tab shows at once.
 */
class SettingsStore {
  private readonly listeners = new Set<() => void>();
  private cache: { key: string; raw: string | null; settings: ReadAlongSettings } | null = null;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    window.addEventListener('storage', listener);
    return () => {
      this.listeners.delete(listener);
      window.removeEventListener('storage', listener);
    };
  };

  /** The same object while nothing changed (useSyncExternalStore compares snapshots by identity). */
  getSnapshot = (): ReadAlongSettings => {
    const key = settingsKey(deviceListener());
    const raw = storage()?.getItem(key) ?? null;
    if (this.cache?.key !== key || this.cache.raw !== raw) this.cache = { key, raw, settings: readSettings(deviceListener()) };
    return this.cache.settings;
  };

  set = (change: Partial<ReadAlongSettings>) => {
    const listener = deviceListener();
    writeSettings(listener, { ...readSettings(listener), ...change });
    for (const l of this.listeners) l();
  };
}

export const readAlongSettings = new SettingsStore();
