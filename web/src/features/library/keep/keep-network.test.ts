import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionOf, keepGate, keepSettings, setKeepSettings } from './keep-network';

// "Download over Wi-Fi only": when a keep starts, waits for Wi-Fi or asks first.

describe('what the browser says of its connection', () => {
  it('Wi-Fi (or a cable), mobile data, nothing; anything else, or no Network Information API, says nothing', () => {
    expect(['wifi', 'ethernet', 'wimax'].map(connectionOf)).toEqual(['wifi', 'wifi', 'wifi']);
    expect(connectionOf('cellular')).toBe('cellular');
    expect(connectionOf('none')).toBe('none');
    expect(['bluetooth', 'mixed', 'other', 'unknown', undefined].map(connectionOf)).toEqual(Array(5).fill('unknown'));
  });
});

describe('whether a keep starts now', () => {
  const off = { wifiOnly: false, confirmed: false };
  const on = { wifiOnly: true, confirmed: false };
  const answered = { wifiOnly: true, confirmed: true };

  it('setting off: at once, whatever the connection', () => {
    for (const connection of ['wifi', 'cellular', 'none', 'unknown'] as const) expect(keepGate(off, connection)).toBe('go');
  });

  it('Wi-Fi only, on Wi-Fi: at once; on mobile data: it waits (the family may keep it now anyway)', () => {
    expect(keepGate(on, 'wifi')).toBe('go');
    expect(keepGate(on, 'cellular')).toBe('wait');
    // An answer given where the browser did not say never lets mobile data through where it does.
    expect(keepGate(answered, 'cellular')).toBe('wait');
  });

  it('Wi-Fi only, and the browser does not say: it asks, once; answered, it goes ahead', () => {
    expect(keepGate(on, 'unknown')).toBe('ask');
    expect(keepGate(answered, 'unknown')).toBe('go');
  });

  it('offline: the keep goes ahead and fails as it always did, saying the connection is lost', () => {
    expect(keepGate(on, 'none')).toBe('go');
  });
});

describe('the setting, on this device', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    vi.stubGlobal('window', {});
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      removeItem: (key: string) => store.delete(key),
    });
  });
  afterEach(() => {
    setKeepSettings({ wifiOnly: false });
    vi.unstubAllGlobals();
  });

  it('remembers Wi-Fi only and the answer; turning the setting off or on again forgets the answer, so it is asked again', () => {
    setKeepSettings({ wifiOnly: true });
    setKeepSettings({ confirmed: true });
    expect(keepSettings()).toEqual({ wifiOnly: true, confirmed: true });
    expect([...store.keys()].sort()).toEqual(['storyhouse.keep.wifiConfirmed', 'storyhouse.keep.wifiOnly']);
    setKeepSettings({ wifiOnly: false });
    setKeepSettings({ wifiOnly: true });
    expect(keepSettings()).toEqual({ wifiOnly: true, confirmed: false });
    expect(store.has('storyhouse.keep.wifiConfirmed')).toBe(false);
  });
});
