import { describe, expect, it } from 'vitest';
import { pagingOf } from './paging';
import { formatDuration, queueTrack } from './track-format';

describe('pagingOf (spec §9)', () => {
  it('offers next while per_page × page is below the count', () => {
    expect(pagingOf(1, 20, 21)).toEqual({ hasPrevious: false, hasNext: true, pages: 2 });
    expect(pagingOf(2, 20, 21)).toEqual({ hasPrevious: true, hasNext: false, pages: 2 });
  });

  it('offers nothing on a single full page', () => {
    expect(pagingOf(1, 20, 20)).toEqual({ hasPrevious: false, hasNext: false, pages: 1 });
    expect(pagingOf(1, 20, 0)).toEqual({ hasPrevious: false, hasNext: false, pages: 1 });
  });

  it('offers only previous past the last page (a shared link to a page that emptied)', () => {
    expect(pagingOf(5, 20, 16)).toEqual({ hasPrevious: true, hasNext: false, pages: 1 });
  });
});

describe('formatDuration', () => {
  it('prints m:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(9)).toBe('0:09');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(600)).toBe('10:00');
    expect(formatDuration(59.6)).toBe('1:00');
  });
});

describe('queueTrack', () => {
  const track = {
    sku_id: 7,
    title: 'Two by Two',
    preview_url: '/crud/media/track/7/preview.mp3',
    download_url: '/crud/media/track/7/full.mp3',
    plays_in_full: false,
  };

  it('queues the preview of a track the server says plays only its preview', () => {
    expect(queueTrack(track, 'story:noah', { signedIn: true })).toEqual({
      id: 'preview:7',
      title: 'Two by Two',
      url: '/crud/media/track/7/preview.mp3',
      albumKey: 'story:noah',
      preview: true,
    });
  });

  it('queues the full recording of a track the server says plays in full, with no place kept for a visitor', () => {
    expect(queueTrack({ ...track, plays_in_full: true }, 'story:noah')).toEqual({
      id: 'full:7',
      title: 'Two by Two',
      url: '/crud/media/track/7/full.mp3',
      albumKey: 'story:noah',
    });
  });

  it('resumes a signed-in listener’s full recording where it stopped (0 when the page does not know)', () => {
    const full = { ...track, plays_in_full: true };
    expect(queueTrack({ ...full, position_seconds: 42.5 }, 'library:3', { signedIn: true }).resume).toEqual({
      skuId: 7,
      positionSeconds: 42.5,
    });
    expect(queueTrack(full, 'story:noah', { signedIn: true }).resume).toEqual({ skuId: 7, positionSeconds: 0 });
  });

  it('names the album and its cover for the lock screen when the page knows them', () => {
    const queued = queueTrack(track, 'story:noah', { album: 'Noah’s Big Boat', artwork: '/media/covers/noah.jpg' });
    expect(queued).toMatchObject({ album: 'Noah’s Big Boat', artwork: '/media/covers/noah.jpg' });
    expect(queueTrack(track, 'story:noah', { artwork: null })).not.toHaveProperty('artwork');
  });
});
