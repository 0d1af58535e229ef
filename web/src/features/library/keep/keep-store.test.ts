import type { LibraryAlbum, LibraryTrack } from '@storyhouse/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatBytes } from './format-bytes';
import { type KeptAlbum, keepableTracks, keptTrack, keptUrls, stillTheirs } from './keep-store';

// The rules of "Keep on this device" that need no browser storage (the cache
// itself is tried in the browser: web/e2e/keep-on-device.spec.ts).

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
