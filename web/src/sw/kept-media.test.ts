import { afterEach, describe, expect, it, vi } from 'vitest';

// Workbox's modules mark their version on the worker's global scope when loaded.
vi.hoisted(() => {
  (globalThis as { self?: unknown }).self ??= globalThis;
});
const { KEPT_CACHE, keptResponse } = await import('./kept-media');

/** A Cache Storage holding one kept file (a track, 10 bytes) under its address. */
function keptStorage(url: string, body: string) {
  const kept = new Map([[url, new Response(body, { headers: { 'content-type': 'audio/mpeg' } })]]);
  vi.stubGlobal('caches', {
    has: async (name: string) => name === KEPT_CACHE,
    open: async () => ({ match: async (key: string) => kept.get(key)?.clone() }),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('kept files on this device', () => {
  const track = 'http://localhost/media/tracks/7/full';

  it('answers a kept file whole, and a Range request with its part (206), as a player seeking in it asks', async () => {
    keptStorage(track, '0123456789');
    const whole = await keptResponse(new Request(track));
    expect(whole?.status).toBe(200);
    expect(await whole?.text()).toBe('0123456789');

    const part = await keptResponse(new Request(track, { headers: { range: 'bytes=4-7' } }));
    expect(part?.status).toBe(206);
    expect(part?.headers.get('content-range')).toBe('bytes 4-7/10');
    expect(await part?.text()).toBe('4567');
  });

  it('answers nothing for a file not kept, so the request goes on to the network', async () => {
    keptStorage(track, '0123456789');
    expect(await keptResponse(new Request('http://localhost/media/tracks/8/full'))).toBeUndefined();
  });
});
