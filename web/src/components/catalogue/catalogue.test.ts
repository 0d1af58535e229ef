import { describe, expect, it } from 'vitest';
import { pagingOf } from './paging';
import { formatDuration, playsInFull, queueTrack } from './track-format';

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
    is_free: false,
    is_free_streaming: false,
  };

  it('queues the preview of a paid track', () => {
    expect(playsInFull(track)).toBe(false);
    expect(queueTrack(track, 'story:noah')).toEqual({
      id: 'preview:7',
      title: 'Two by Two',
      url: '/crud/media/track/7/preview.mp3',
      albumKey: 'story:noah',
      preview: true,
    });
  });

  it('queues the full recording of a free track or a free-streaming album’s track', () => {
    for (const free of [{ is_free: true }, { is_free_streaming: true }]) {
      expect(queueTrack({ ...track, ...free }, 'story:noah')).toEqual({
        id: 'full:7',
        title: 'Two by Two',
        url: '/crud/media/track/7/full.mp3',
        albumKey: 'story:noah',
      });
    }
  });
});
