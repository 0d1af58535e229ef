import { FINISHED_WITHIN_SECONDS, type HeardPlace, heardTime, keptPlace, type ProgressBody } from '@storyhouse/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KEPT_CACHE } from '../../lib/kept-on-device';
import { type ResumePoint, resumeStart } from './listening';
import { ProgressKeeper } from './progress-keeper';

// Resume that never jumps back, tried as property: two devices of one family
// (a phone and a laptop) play the same tracks in random interleavings, with
// offline periods, reloads that save as the page goes and reloads that do not
// (a tab killed), through the player's real logic (ProgressKeeper, the queue of
// places heard offline, the places kept on the device, listening.ts) against
// a server that keeps places by the one shared rule (contracts' keptPlace, as
// library.repository.ts says it in SQL). Whenever a device starts a track, it
// never starts more than 30 s behind the latest place the family heard that
// this device can know of: what it heard itself, and what had reached the
// server when its page loaded; and never from 0 for a track not finished.

const LENGTH = 600;
const TRACKS = [11, 12] as const;
const STEP_S = 5;
const SLACK_S = 30;

interface Device {
  name: string;
  window: EventTarget;
  online: boolean;
  storage: Map<string, string>;
  cache: Map<string, string>;
  keeper: ProgressKeeper;
  /** The library's answer when the page loaded: the server's place of each track, with when it was heard. */
  page: Map<number, { position: number; heardAt: number | null }>;
  loadedAt: number;
  playing: { skuId: number; seconds: number } | null;
}

/** A place the family heard (each moment of playback) or a save the server received. */
interface Heard extends HeardPlace {
  skuId: number;
  device: string;
}

let current: Device;
let server: Map<number, HeardPlace>;
let received: (Heard & { receivedAt: number })[];
let hearings: Heard[];
let now: number;

/** Lets the player's promises (fetches, the queue in Cache Storage) run to their end. */
async function settle() {
  for (let i = 0; i < 12; i++) await new Promise((resolve) => setImmediate(resolve));
}

function setTime(ms: number) {
  now = ms;
  vi.setSystemTime(ms);
}

/** The server's PUT /crud/my-library/progress/{skuId}, with the service's finished rule and the shared keptPlace. */
async function serverFetch(url: string, init: RequestInit): Promise<Response> {
  if (!current.online) throw new TypeError('Failed to fetch');
  const skuId = Number(url.split('/').pop());
  const body = JSON.parse(String(init.body)) as ProgressBody;
  const position = body.position_seconds >= LENGTH - FINISHED_WITHIN_SECONDS ? 0 : body.position_seconds;
  const heardAt = heardTime(body.heard_at ? Date.parse(body.heard_at) : null, Date.now());
  server.set(skuId, keptPlace(server.get(skuId), { position, heardAt }));
  received.push({ skuId, position: body.position_seconds, heardAt, device: current.name, receivedAt: Date.now() });
  return new Response(JSON.stringify({ position_seconds: server.get(skuId)!.position }), { status: 200 });
}

function loadPage(device: Device) {
  // Offline the page is the kept album's copy: what the library said when the device was last online.
  if (device.online) {
    device.page = new Map(TRACKS.map((skuId) => [skuId, server.get(skuId) ?? { position: 0, heardAt: null }]));
    device.loadedAt = now;
  }
  current = device;
  device.keeper = new ProgressKeeper();
  device.playing = null;
}

function newDevice(name: string): Device {
  const device = {
    name,
    window: new EventTarget(),
    online: true,
    storage: new Map(),
    cache: new Map(),
    page: new Map(),
    loadedAt: 0,
    playing: null,
  } as unknown as Device;
  loadPage(device);
  return device;
}

const resumeOf = (device: Device, skuId: number): ResumePoint => {
  const place = device.page.get(skuId) ?? { position: 0, heardAt: null };
  // As the library answers it (position_heard_at).
  return {
    skuId,
    positionSeconds: place.position,
    heardAt: place.heardAt === null ? null : new Date(place.heardAt).toISOString(),
  };
};

/** The latest place `device` can know of: its own hearings, and what reached the server before its page loaded. */
function known(device: Device, skuId: number): Heard | undefined {
  let latest: Heard | undefined;
  for (const h of hearings) if (h.skuId === skuId && h.device === device.name) latest = keptPlace(latest, h);
  for (const r of received) if (r.skuId === skuId && r.receivedAt <= device.loadedAt) latest = keptPlace(latest, r);
  return latest;
}

function pause(device: Device) {
  if (!device.playing) return;
  device.keeper.save(resumeOf(device, device.playing.skuId), device.playing.seconds);
  device.playing = null;
}

function play(device: Device, skuId: number) {
  pause(device);
  const resume = resumeOf(device, skuId);
  const start = resumeStart(device.keeper.startOf(resume), LENGTH);
  const latest = known(device, skuId);
  const finished = latest !== undefined && latest.position >= LENGTH - FINISHED_WITHIN_SECONDS;
  if (latest && !finished) {
    expect(start, `${device.name} starts ${skuId} behind ${latest.position}`).toBeGreaterThanOrEqual(latest.position - SLACK_S);
  }
  device.playing = { skuId, seconds: start };
  device.keeper.playing();
}

function listen(device: Device, seconds: number) {
  for (let s = 0; s < seconds && device.playing; s += STEP_S) {
    setTime(now + STEP_S * 1000);
    const playing = device.playing;
    playing.seconds = Math.min(LENGTH, playing.seconds + STEP_S);
    hearings.push({ skuId: playing.skuId, position: playing.seconds, heardAt: now, device: device.name });
    const resume = resumeOf(device, playing.skuId);
    if (playing.seconds >= LENGTH) {
      // Ended: the player saves the end (the server keeps it as 0, finished).
      device.keeper.save(resume, LENGTH);
      device.playing = null;
    } else device.keeper.tick(resume, playing.seconds);
  }
}

type Action =
  | { kind: 'play'; device: 0 | 1; track: 0 | 1 }
  | { kind: 'listen'; device: 0 | 1; seconds: number }
  | { kind: 'pause'; device: 0 | 1 }
  | { kind: 'network'; device: 0 | 1; online: boolean }
  | { kind: 'reload'; device: 0 | 1; saves: boolean }
  | { kind: 'wait'; seconds: number };

const device01 = fc.constantFrom(0 as const, 1 as const);
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('play' as const), device: device01, track: device01 }),
  fc.record({ kind: fc.constant('listen' as const), device: device01, seconds: fc.integer({ min: 5, max: 400 }) }),
  fc.record({ kind: fc.constant('pause' as const), device: device01 }),
  fc.record({ kind: fc.constant('network' as const), device: device01, online: fc.boolean() }),
  fc.record({ kind: fc.constant('reload' as const), device: device01, saves: fc.boolean() }),
  fc.record({ kind: fc.constant('wait' as const), seconds: fc.integer({ min: 1, max: 3600 }) }),
);

describe('resume that never jumps back', () => {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    vi.stubGlobal('window', {
      addEventListener: (type: string, listener: EventListener) => current.window.addEventListener(type, listener),
      removeEventListener: (type: string, listener: EventListener) => current.window.removeEventListener(type, listener),
    });
    vi.stubGlobal('navigator', {
      get onLine() {
        return current.online;
      },
    });
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => current.storage.get(key) ?? null,
      setItem: (key: string, value: string) => void current.storage.set(key, value),
      removeItem: (key: string) => void current.storage.delete(key),
    });
    vi.stubGlobal('crypto', { randomUUID: () => 'device-0000-test' });
    const cache = {
      put: async (url: string, response: Response) => void current.cache.set(url, await response.text()),
      delete: async (url: string) => current.cache.delete(url),
    };
    vi.stubGlobal('caches', {
      has: async (name: string) => name === KEPT_CACHE,
      open: async (name: string) => (name === KEPT_CACHE ? cache : Promise.reject(new Error(name))),
      match: async (url: string) => {
        const body = current.cache.get(url);
        return body === undefined ? undefined : new Response(body);
      },
    });
    vi.stubGlobal('fetch', serverFetch);
  });
  afterAll(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('over 1,000 interleavings of two devices, offline periods and reloads', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 40 }), async (actions) => {
        server = new Map();
        received = [];
        hearings = [];
        setTime(Date.parse('2026-11-29T20:00:00Z'));
        const devices = [newDevice('phone'), newDevice('laptop')] as const;
        for (const step of actions) {
          // A person's actions are never in the same millisecond.
          setTime(now + 1000);
          if (step.kind === 'wait') {
            setTime(now + step.seconds * 1000);
            continue;
          }
          const device = devices[step.device];
          current = device;
          if (step.kind === 'play') play(device, TRACKS[step.track]);
          else if (step.kind === 'listen') listen(device, step.seconds);
          else if (step.kind === 'pause') pause(device);
          else if (step.kind === 'network') {
            device.online = step.online;
            if (step.online) device.window.dispatchEvent(new Event('online'));
          } else {
            // A reload: the page going away saves where it is (pagehide), unless the tab was killed.
            if (step.saves && device.playing) {
              device.keeper.save(resumeOf(device, device.playing.skuId), device.playing.seconds, true);
            }
            await settle();
            loadPage(device);
          }
          await settle();
        }
        // Everyone back online, every place sent: a fresh page on each device resumes at the family's latest place.
        for (const device of devices) {
          setTime(now + 1000);
          current = device;
          pause(device);
          device.online = true;
          device.window.dispatchEvent(new Event('online'));
          await settle();
        }
        for (const device of devices) {
          loadPage(device);
          await settle();
          for (const skuId of TRACKS) play(device, skuId);
        }
      }),
      { numRuns: 1_000 },
    );
  }, 120_000);
});
