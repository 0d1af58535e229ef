import { FINISHED_WITHIN_SECONDS } from '@storyhouse/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEPT_CACHE } from '../../lib/kept-on-device';
import { PROGRESS_SAVE_MS, positionToSave, progressDue, resumeStart, startWithin } from './listening';
import { ProgressKeeper } from './progress-keeper';
import { queuedPlaces, sendQueuedPlaces } from './progress-queue';

describe('where a recording with a saved place starts', () => {
  it('at the saved place', () => {
    expect(resumeStart(42.5, 300)).toBe(42.5);
  });

  it('from the beginning when it was never started, or the place is nonsense', () => {
    for (const saved of [0, -3, Number.NaN, Number.POSITIVE_INFINITY]) expect(resumeStart(saved, 300)).toBe(0);
  });

  it('from the beginning when it was (nearly) finished', () => {
    expect(resumeStart(300 - FINISHED_WITHIN_SECONDS, 300)).toBe(0);
    expect(resumeStart(299, 300)).toBe(0);
    expect(resumeStart(300, 300)).toBe(0);
    expect(resumeStart(300 - FINISHED_WITHIN_SECONDS - 1, 300)).toBe(300 - FINISHED_WITHIN_SECONDS - 1);
  });

  it('at the saved place when the length is unknown (a live stream)', () => {
    expect(resumeStart(42, 0)).toBe(42);
  });
});

describe('where a recording played from a sentence starts', () => {
  it('at the sentence, its last seconds too (a kept place there would start over)', () => {
    expect(startWithin(29.043, 35)).toBe(29.043);
    expect(startWithin(34, 35)).toBe(34);
    expect(startWithin(34, 0)).toBe(34);
  });

  it('at its start when it ends before the sentence (a preview), or the place is nonsense', () => {
    expect(startWithin(29.043, 12)).toBe(0);
    expect(startWithin(12, 12)).toBe(0);
    for (const at of [0, -3, Number.NaN, Number.POSITIVE_INFINITY]) expect(startWithin(at, 35)).toBe(0);
  });
});

describe('saving the position while playing', () => {
  it('is due every 15 seconds', () => {
    expect(progressDue(1_000, 1_000 + PROGRESS_SAVE_MS - 1)).toBe(false);
    expect(progressDue(1_000, 1_000 + PROGRESS_SAVE_MS)).toBe(true);
  });

  it('sends whole seconds, rounded down, never below 0', () => {
    expect(positionToSave(33.97)).toBe(33);
    expect(positionToSave(0.4)).toBe(0);
    expect(positionToSave(-1)).toBe(0);
    expect(positionToSave(Number.NaN)).toBe(0);
  });
});

describe('ProgressKeeper', () => {
  const resume = { skuId: 7, positionSeconds: 20 };
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ position_seconds: 0 }), { status: 200 }));
  /** The positions PUT so far, with whether each outlives the page. */
  const puts = () =>
    fetchMock.mock.calls.map((call) => {
      const [url, init] = call as unknown as [string, RequestInit];
      return { url, method: init.method, keepalive: init.keepalive, body: JSON.parse(String(init.body)) };
    });

  /** The browser around the keeper, as far as it reads it (the unit project runs in Node): its Cache Storage a map of one cache. */
  const browser = { window: new EventTarget(), navigator: { onLine: true }, cache: new Map<string, string>() };
  const cache = {
    put: async (url: string, response: Response) => void browser.cache.set(url, await response.text()),
    delete: async (url: string) => browser.cache.delete(url),
  };

  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
    browser.window = new EventTarget();
    browser.navigator.onLine = true;
    browser.cache.clear();
    vi.stubGlobal('window', browser.window);
    vi.stubGlobal('navigator', browser.navigator);
    vi.stubGlobal('caches', {
      has: async (name: string) => name === KEPT_CACHE,
      open: async (name: string) => (name === KEPT_CACHE ? cache : Promise.reject(new Error(name))),
      match: async (url: string, { cacheName }: { cacheName: string }) => {
        const body = cacheName === KEPT_CACHE ? browser.cache.get(url) : undefined;
        return body === undefined ? undefined : new Response(body);
      },
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('saves at most every 15 seconds while playing', () => {
    const keeper = new ProgressKeeper();
    keeper.playing();
    // Progress ticks every half second, for 40 seconds.
    for (let ms = 500; ms <= 40_000; ms += 500) {
      vi.setSystemTime(ms);
      keeper.tick(resume, 20 + ms / 1000);
    }
    expect(puts().map((p) => p.body.position_seconds)).toEqual([35, 50]);
    expect(puts()[0]).toMatchObject({ url: '/crud/my-library/progress/7', method: 'PUT', keepalive: false });
  });

  it('saves at once when asked (pause, track change, end), not twice for the same place', () => {
    const keeper = new ProgressKeeper();
    keeper.playing();
    vi.setSystemTime(3_000);
    keeper.tick(resume, 23);
    keeper.save(resume, 23.4);
    keeper.save(resume, 23.9);
    keeper.save(resume, 24, true);
    expect(puts().map((p) => [p.body.position_seconds, p.keepalive])).toEqual([
      [23, false],
      [24, true],
    ]);
  });

  it('remembers the last place of each recording for the page, over the page data', () => {
    const keeper = new ProgressKeeper();
    expect(keeper.startOf(resume)).toBe(20);
    keeper.save(resume, 61.2);
    // The page's data still says 20 (it was loaded before): this page heard more.
    expect(keeper.startOf({ skuId: 7, positionSeconds: 20 })).toBe(61.2);
    expect(keeper.startOf({ skuId: 8, positionSeconds: 5 })).toBe(5);
  });

  it('keeps quiet when a save fails, and sends that place again next time', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const keeper = new ProgressKeeper();
    keeper.save(resume, 30);
    await vi.waitFor(() => expect(info).toHaveBeenCalledOnce());
    keeper.save(resume, 30);
    expect(puts().map((p) => p.body.position_seconds)).toEqual([30, 30]);
    info.mockRestore();
  });

  it('keeps the places heard offline and sends them, with when they were heard, once the network returns', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const keeper = new ProgressKeeper();
    browser.navigator.onLine = false;
    vi.setSystemTime(Date.parse('2026-11-26T10:00:00Z'));
    keeper.save(resume, 30);
    vi.setSystemTime(Date.parse('2026-11-26T10:05:00Z'));
    keeper.save(resume, 90.5, true);
    keeper.save({ skuId: 8, positionSeconds: 0 }, 12);
    expect(puts()).toEqual([]);
    expect(await queuedPlaces()).toEqual({
      'family/7': { position: 90, heardAt: '2026-11-26T10:05:00.000Z', listener: 'family', skuId: 7 },
      'family/8': { position: 12, heardAt: '2026-11-26T10:05:00.000Z', listener: 'family', skuId: 8 },
    });

    // Back online: one refused for good (the album was refunded meanwhile), one saved.
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 404 }));
    browser.navigator.onLine = true;
    browser.window.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect(await queuedPlaces()).toEqual({}));
    expect(puts().map((p) => p.body)).toEqual([
      { position_seconds: 90, heard_at: '2026-11-26T10:05:00.000Z' },
      { position_seconds: 12, heard_at: '2026-11-26T10:05:00.000Z' },
    ]);
    info.mockRestore();
  });

  it('keeps a place whose save failed (a network gone quiet, a busy server) for the next time', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const keeper = new ProgressKeeper();
    keeper.save(resume, 44);
    await vi.waitFor(async () =>
      expect(await queuedPlaces()).toEqual({
        'family/7': { position: 44, heardAt: '1970-01-01T00:00:00.000Z', listener: 'family', skuId: 7 },
      }),
    );
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 429 }));
    await sendQueuedPlaces();
    expect(Object.keys(await queuedPlaces())).toEqual(['family/7']);
    await sendQueuedPlaces();
    expect(await queuedPlaces()).toEqual({});
    expect(puts().map((p) => p.body.position_seconds)).toEqual([44, 44, 44]);
    info.mockRestore();
  });
  it('files a place heard offline under who listened, and sends it only while they listen (issue 42)', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const device = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => device.get(key) ?? null,
      setItem: (key: string, value: string) => void device.set(key, value),
      removeItem: (key: string) => void device.delete(key),
    });
    const listenAs = (profile: { id: number } | null) =>
      device.set('storyhouse-session', JSON.stringify({ user_id: 5, site_lang: 'en', is_admin: false, kept: [], profile }));
    // A queue kept before child profiles: the parents' place of track 9.
    browser.cache.set('/kept-on-device/places.json', JSON.stringify({ 9: { position: 5, heardAt: '2026-11-26T09:00:00.000Z' } }));
    const keeper = new ProgressKeeper();
    browser.navigator.onLine = false;
    vi.setSystemTime(Date.parse('2026-11-26T10:00:00Z'));
    listenAs({ id: 31 });
    keeper.save(resume, 40);
    listenAs(null);
    keeper.save(resume, 70);
    expect(Object.keys(await queuedPlaces()).sort()).toEqual(['9', 'family/7', 'profile-31/7']);

    // Back online with the parents listening: theirs go, Mia's (profile 31) waits for her.
    browser.navigator.onLine = true;
    await sendQueuedPlaces();
    expect(puts().map((p) => [p.url, p.body.position_seconds])).toEqual([
      ['/crud/my-library/progress/9', 5],
      ['/crud/my-library/progress/7', 70],
    ]);
    expect(Object.keys(await queuedPlaces())).toEqual(['profile-31/7']);
    listenAs({ id: 31 });
    await sendQueuedPlaces();
    expect(puts().map((p) => p.body.position_seconds)).toEqual([5, 70, 40]);
    expect(await queuedPlaces()).toEqual({});
    info.mockRestore();
  });
});
