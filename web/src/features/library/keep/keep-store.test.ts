import type { LibraryAlbum, LibraryTrack } from '@storyhouse/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatBytes } from './format-bytes';
import {
  albumSize,
  KeepError,
  type KeepProgress,
  type KeptAlbum,
  keepAlbum,
  keepableTracks,
  keptAlbums,
  keptTrack,
  keptUrls,
  removeAllKept,
  stillTheirs,
} from './keep-store';

// The rules of "Keep on this device": what an album keeps and whether it is
// still theirs; then the store itself over an in-memory Cache Storage (keep,
// cancel, remove all, the size before keeping). The browser's own cache is
// tried in the browser: web/e2e/keep-on-device.spec.ts.

const track = (skuId: number, owned: boolean): LibraryTrack => ({
  sku_id: skuId,
  title: `Track ${skuId}`,
  description: '',
  sku_description: '',
  album: 'Noah',
  order_index: skuId,
  length_seconds: 30,
  full_price_usd: 0.99,
  price_usd: 0.99,
  is_free: false,
  is_free_streaming: false,
  preview_url: `/crud/media/track/${skuId}/preview.mp3`,
  download_url: `/crud/media/track/${skuId}/full.mp3`,
  isInCart: false,
  plays_in_full: owned,
  owned,
  transcript_url: null,
  purchased_date: owned ? '2026-11-01' : null,
  file_url: owned ? `/crud/my-library/skus/${skuId}/download` : null,
  position_seconds: 0,
  position_heard_at: null,
});

const album = (tracks: LibraryTrack[], image: string | null = '/media/covers/noah.jpg'): LibraryAlbum => ({
  id: 5,
  product_id: 5,
  productTitle: 'Noah',
  productDescription: '',
  image,
  lang_code: 'en',
  slug: 'noah',
  created_at: '2026-01-01',
  digital_purchased_date: '2026-11-01',
  physical_purchased_date: null,
  gift: null,
  numberOwned: tracks.filter((t) => t.owned).length,
  url: '/library/album/5',
  shop_url: '/story/noah',
  is_free_streaming: false,
  is_free_story: false,
  included_in_plan: false,
  zip_url: null,
  tracks,
});

const kept = (tracks: LibraryTrack[]): KeptAlbum => ({ album: album(tracks), bytes: 1, keptAt: '2026-11-26T10:00:00Z' });

beforeEach(() => {
  vi.stubGlobal('location', new URL('https://ru.storyhouse.example/library'));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('what an album keeps', () => {
  it('only the tracks the family may download (owned, or covered by the plan)', () => {
    expect(keepableTracks(album([track(1, true), track(2, false), track(3, true)])).map((t) => t.sku_id)).toEqual([1, 3]);
  });

  it('under the addresses the kept album plays and shows: each track’s owner-only download and the cover, on this site', () => {
    expect(keptUrls(album([track(1, true), track(2, false), track(3, true)]))).toEqual([
      'https://ru.storyhouse.example/crud/my-library/skus/1/download',
      'https://ru.storyhouse.example/crud/my-library/skus/3/download',
      'https://ru.storyhouse.example/media/covers/noah.jpg',
    ]);
    expect(keptUrls(album([track(1, true)], null))).toEqual(['https://ru.storyhouse.example/crud/my-library/skus/1/download']);
    // A track with words keeps them too (issue 43), under the address the read-along asks.
    const withText = { ...track(1, true), transcript_url: '/crud/transcripts/track/1' };
    expect(keptUrls(album([withText, track(2, true)], null))).toEqual([
      'https://ru.storyhouse.example/crud/my-library/skus/1/download',
      'https://ru.storyhouse.example/crud/transcripts/track/1',
      'https://ru.storyhouse.example/crud/my-library/skus/2/download',
    ]);
    // The kept album's player plays those addresses.
    expect(keptTrack(track(3, true)).download_url).toBe('/crud/my-library/skus/3/download');
  });
});

describe('the online check of a kept album', () => {
  const ours = kept([track(1, true), track(2, true)]);

  it('keeps it while every kept track may still be downloaded', () => {
    expect(stillTheirs(ours, album([track(1, true), track(2, true), track(3, false)]))).toBe(true);
  });

  it('removes it once the library no longer has it (a refund, a plan that ended: 404)', () => {
    expect(stillTheirs(ours, null)).toBe(false);
  });

  it('removes it when a kept track may no longer be downloaded (a track refunded, the plan ended)', () => {
    expect(stillTheirs(ours, album([track(1, true), track(2, false)]))).toBe(false);
  });
});

describe('sizes', () => {
  it('in megabytes under a gigabyte, then gigabytes, in the site language', () => {
    expect(formatBytes('en', 734_003)).toBe('0.7 MB');
    expect(formatBytes('en', 10_700_000_000)).toBe('10.7 GB');
    expect(formatBytes('ru', 2_100_000)).toBe('2,1 МБ');
    expect(formatBytes('es', 45_000_000)).toBe('45 MB');
  });
});

/** Cache Storage as the browser has it, in memory: a put reads the body whole, and fails (storing nothing) if it errors. */
class MemoryCache {
  readonly entries = new Map<string, { body: ArrayBuffer; headers: Headers }>();
  private static key = (request: RequestInfo | URL) => (request instanceof Request ? request.url : String(request));
  async put(request: RequestInfo | URL, response: Response) {
    const body = await response.arrayBuffer();
    this.entries.set(MemoryCache.key(request), { body, headers: response.headers });
  }
  async match(request: RequestInfo | URL) {
    const entry = this.entries.get(MemoryCache.key(request));
    return entry ? new Response(entry.body.slice(0), { headers: entry.headers }) : undefined;
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  async delete(request: RequestInfo | URL) {
    return this.entries.delete(MemoryCache.key(request));
  }
}

function memoryCaches() {
  const named = new Map<string, MemoryCache>();
  return {
    named,
    has: async (name: string) => named.has(name),
    open: async (name: string) => {
      if (!named.has(name)) named.set(name, new MemoryCache());
      return named.get(name)!;
    },
  };
}

/**
 * The server's files by address and size: a GET streams the bytes (erroring
 * when the keep's signal aborts), a HEAD says the length, anything else is 404.
 */
function server(files: Record<string, number>) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    init?.signal?.throwIfAborted();
    const size = files[url];
    if (size === undefined) return new Response(null, { status: 404 });
    const headers = { 'content-type': 'audio/mpeg', 'content-length': String(size) };
    if (init?.method === 'HEAD') return new Response(null, { headers });
    const signal = init?.signal;
    // In two halves, so a cancel can come between them.
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        signal?.addEventListener('abort', () => {
          if (sent < 2) controller.error(signal.reason);
        });
      },
      pull(controller) {
        controller.enqueue(new Uint8Array(size / 2));
        sent += 1;
        if (sent === 2) controller.close();
      },
    });
    return new Response(body, { headers });
  });
}

describe('keeping an album on the device', () => {
  const tracks = [track(1, true), track(2, false), track(3, true)];
  const files = {
    '/crud/my-library/skus/1/download': 1_000,
    '/crud/my-library/skus/3/download': 2_000,
    '/media/covers/noah.jpg': 300,
    '/crud/my-library/product/5/download': 3_500,
  };
  let storage: ReturnType<typeof memoryCaches>;
  const urlsIn = () => [...(storage.named.get('storyhouse-kept')?.entries.keys() ?? [])].map((url) => new URL(url).pathname);

  beforeEach(() => {
    storage = memoryCaches();
    vi.stubGlobal('caches', storage);
    vi.stubGlobal('window', { isSecureContext: true });
    vi.stubGlobal('fetch', server(files));
  });

  it('says its size before a byte is fetched: the length of its ZIP (its files and a few headers), one HEAD', async () => {
    const noah = { ...album(tracks), zip_url: '/crud/my-library/product/5/download' };
    expect(await albumSize(noah)).toBe(3_500);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(vi.mocked(fetch).mock.calls[0]![1]).toMatchObject({ method: 'HEAD' });
    // Nothing to download, or the server cannot say: no size, never a wrong one.
    expect(await albumSize({ ...noah, zip_url: null })).toBeNull();
    expect(await albumSize({ ...noah, zip_url: '/crud/my-library/product/6/download' })).toBeNull();
  });

  it('keeps its tracks and cover, then records it with the bytes stored, progress told on the way', async () => {
    const seen: KeepProgress[] = [];
    const kept = await keepAlbum(7, album(tracks), (progress) => seen.push(progress));
    expect(kept.bytes).toBe(3_300);
    expect(seen.at(-1)).toEqual({ done: 2, total: 2, bytes: 3_300 });
    expect(urlsIn()).toEqual(expect.arrayContaining(['/crud/my-library/skus/1/download', '/crud/my-library/skus/3/download']));
    expect([...(await keptAlbums(7)).keys()]).toEqual([5]);
  });

  it('keeps each track’s words with it (read along offline), and a track whose words cannot be fetched without them', async () => {
    vi.stubGlobal('fetch', server({ ...files, '/crud/transcripts/track/1': 400 }));
    const texts = [
      { ...track(1, true), transcript_url: '/crud/transcripts/track/1' },
      track(2, false),
      // Its words are gone from the server (404): the album is kept, the track without its words.
      { ...track(3, true), transcript_url: '/crud/transcripts/track/3' },
    ];
    const kept = await keepAlbum(7, album(texts), () => {});
    expect(urlsIn()).toContain('/crud/transcripts/track/1');
    expect(urlsIn()).not.toContain('/crud/transcripts/track/3');
    expect(kept.album.tracks.map((t) => t.transcript_url)).toEqual(['/crud/transcripts/track/1', null]);
    // The record names only what is stored: the album stays whole when read back.
    expect([...(await keptAlbums(7)).keys()]).toEqual([5]);
    // Words the browser evicted make the album incomplete, as a track's audio would.
    await storage.named.get('storyhouse-kept')?.delete('https://ru.storyhouse.example/crud/transcripts/track/1');
    expect((await keptAlbums(7)).size).toBe(0);
  });

  it('cancelled between two tracks: refused as cancelled, and nothing of the album stays', async () => {
    const controller = new AbortController();
    const keeping = keepAlbum(
      7,
      album(tracks),
      (progress) => {
        if (progress.done === 1) controller.abort();
      },
      controller.signal,
    );
    await expect(keeping).rejects.toEqual(new KeepError('cancelled'));
    expect(urlsIn().filter((url) => !url.startsWith('/kept-on-device/'))).toEqual([]);
    expect((await keptAlbums(7)).size).toBe(0);
  });

  it('cancelled while a track’s bytes come, or its cover’s: still nothing stays (never kept without its cover)', async () => {
    // Bytes past the first track (1,000): the second track is arriving; past both (3,000): the cover is.
    for (const abortPast of [1_000, 3_000]) {
      const controller = new AbortController();
      const keeping = keepAlbum(
        7,
        album(tracks),
        (progress) => {
          if (progress.bytes > abortPast) controller.abort();
        },
        controller.signal,
      );
      await expect(keeping).rejects.toEqual(new KeepError('cancelled'));
      expect((await keptAlbums(7)).size).toBe(0);
      expect(urlsIn().filter((url) => !url.startsWith('/kept-on-device/'))).toEqual([]);
    }
  });

  it('Remove all empties this account’s albums, and leaves a file another account on the device still keeps', async () => {
    await keepAlbum(7, album(tracks), () => {});
    await keepAlbum(8, album([track(1, true)], null), () => {});
    await removeAllKept(7);
    expect((await keptAlbums(7)).size).toBe(0);
    expect([...(await keptAlbums(8)).keys()]).toEqual([5]);
    expect(urlsIn().filter((url) => !url.startsWith('/kept-on-device/'))).toEqual(['/crud/my-library/skus/1/download']);
    await removeAllKept(8);
    expect(urlsIn().filter((url) => !url.startsWith('/kept-on-device/'))).toEqual([]);
  });
});
