import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, readSettings, settingsKey, writeSettings } from './read-along-settings';

// Issue 43: large type and the dyslexia-friendly setting are remembered on
// the device, for each one who listens on it (the parents, each child profile).

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('the read-along settings', () => {
  it('start with regular type and spacing', () => {
    expect(readSettings('family', memoryStorage())).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toEqual({ large: false, easier: false });
  });

  it('are remembered for the listener who chose them, not for the others on the device', () => {
    const store = memoryStorage();
    writeSettings('profile-4', { large: true, easier: true }, store);
    expect(readSettings('profile-4', store)).toEqual({ large: true, easier: true });
    expect(readSettings('family', store)).toEqual(DEFAULT_SETTINGS);
    expect(readSettings('profile-5', store)).toEqual(DEFAULT_SETTINGS);
    writeSettings('family', { large: true, easier: false }, store);
    expect(readSettings('family', store)).toEqual({ large: true, easier: false });
    expect(readSettings('profile-4', store)).toEqual({ large: true, easier: true });
  });

  it('take anything unreadable as not chosen', () => {
    const store = memoryStorage();
    store.setItem(settingsKey('family'), '{not json');
    expect(readSettings('family', store)).toEqual(DEFAULT_SETTINGS);
    store.setItem(settingsKey('family'), JSON.stringify({ large: 'yes', easier: 1 }));
    expect(readSettings('family', store)).toEqual(DEFAULT_SETTINGS);
  });

  it('still work where storage is blocked (private mode): the defaults, and a choice that is not kept', () => {
    const blocked = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(readSettings('family', blocked)).toEqual(DEFAULT_SETTINGS);
    expect(() => writeSettings('family', { large: true, easier: false }, blocked)).not.toThrow();
    expect(readSettings('family', null)).toEqual(DEFAULT_SETTINGS);
  });
});
