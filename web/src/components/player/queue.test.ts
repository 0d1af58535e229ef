import { ListeningQueue } from '@storyhouse/contracts';
import { describe, expect, it } from 'vitest';
import type { QueueTrack } from './player-state';
import {
  addToQueue,
  afterEnd,
  clearUpNext,
  moveInUpNext,
  nextIndex,
  nextRepeat,
  playNext,
  type QueueState,
  removeFromUpNext,
  upNextOf,
} from './queue';
import { fromKept, newer, toKept } from './queue-kept';

const track = (sku: number, album = 'a'): QueueTrack => ({
  id: `full:${sku}`,
  title: `Track ${sku}`,
  url: `/crud/media/track/${sku}/full.mp3`,
  albumKey: `library:${album}`,
  album: `Album ${album}`,
  resume: { skuId: sku, positionSeconds: 0 },
});
const ids = (tracks: readonly QueueTrack[]) => tracks.map((t) => Number(t.id.split(':')[1]));
const albumA = [track(1), track(2), track(3)];
/** Album A, its first track playing. */
const playing: QueueState = { tracks: albumA, index: 0 };

describe('Up next', () => {
  it('is the rest of the album, then what the family adds at the end', () => {
    expect(ids(upNextOf(playing))).toEqual([2, 3]);
    const added = addToQueue(playing, [track(7, 'b'), track(8, 'b')]);
    expect(ids(upNextOf(added))).toEqual([2, 3, 7, 8]);
    expect(added.index).toBe(0);
  });

  it('"Play next" puts tracks right after the current one, moving them when already queued', () => {
    const added = addToQueue(playing, [track(7, 'b')]);
    expect(ids(upNextOf(playNext(added, [track(9, 'c')])))).toEqual([9, 2, 3, 7]);
    expect(ids(upNextOf(playNext(added, [track(7, 'b')])))).toEqual([7, 2, 3]);
    // Adding again moves a track, never doubles it; the current track is not queued after itself.
    expect(ids(upNextOf(addToQueue(added, [track(2), track(1), track(2)])))).toEqual([3, 7, 2]);
  });

  it('keeps the tracks heard before the current one (Previous)', () => {
    const second = { tracks: albumA, index: 1 };
    expect(ids(playNext(second, [track(9)]).tracks)).toEqual([1, 2, 9, 3]);
    expect(ids(clearUpNext(second).tracks)).toEqual([1, 2]);
  });

  it('with nothing current, what is added becomes the queue, its first track current', () => {
    const empty = { tracks: [], index: -1 };
    expect(addToQueue(empty, albumA)).toEqual({ tracks: albumA, index: 0 });
    expect(playNext(empty, [track(5)])).toEqual({ tracks: [track(5)], index: 0 });
    expect(addToQueue(empty, [])).toEqual({ tracks: [], index: -1 });
  });

  it('moves, removes and clears by position in Up next; positions out of range change nothing', () => {
    const queue = addToQueue(playing, [track(7, 'b')]);
    expect(ids(upNextOf(moveInUpNext(queue, 2, 0)))).toEqual([7, 2, 3]);
    expect(ids(upNextOf(moveInUpNext(queue, 0, 1)))).toEqual([3, 2, 7]);
    expect(moveInUpNext(queue, 0, 3)).toBe(queue);
    expect(moveInUpNext(queue, -1, 0)).toBe(queue);
    expect(ids(upNextOf(removeFromUpNext(queue, 1)))).toEqual([2, 7]);
    expect(removeFromUpNext(queue, 5)).toBe(queue);
    expect(upNextOf(clearUpNext(queue))).toEqual([]);
    expect(clearUpNext(queue).index).toBe(0);
  });
});

describe('the end of a track', () => {
  const last = { tracks: albumA, index: 2 };

  it('plays the next, and at the end of the queue ends it (spec §4)', () => {
    expect(afterEnd(playing, 'off', null)).toEqual({ kind: 'play', index: 1 });
    expect(afterEnd(last, 'off', null)).toEqual({ kind: 'end' });
    expect(afterEnd({ tracks: [], index: -1 }, 'all', null)).toEqual({ kind: 'end' });
  });

  it('repeat one plays the track again; repeat all goes back to the first', () => {
    expect(afterEnd(playing, 'one', null)).toEqual({ kind: 'play', index: 0 });
    expect(afterEnd(last, 'all', null)).toEqual({ kind: 'play', index: 0 });
    expect(afterEnd({ tracks: [track(1)], index: 0 }, 'all', null)).toEqual({ kind: 'play', index: 0 });
  });

  it('"stop after this track" stops with the next track loaded, even when repeating', () => {
    expect(afterEnd(playing, 'off', 'track')).toEqual({ kind: 'stop', index: 1 });
    expect(afterEnd(playing, 'one', 'track')).toEqual({ kind: 'stop', index: 1 });
    expect(afterEnd(last, 'off', 'track')).toEqual({ kind: 'stop', index: 2 });
    expect(afterEnd(last, 'all', 'track')).toEqual({ kind: 'stop', index: 0 });
  });

  it('"stop after this album" goes on within the album and stops where the next track is of another album', () => {
    const queue = addToQueue(playing, [track(7, 'b')]);
    expect(afterEnd(queue, 'off', 'album')).toEqual({ kind: 'play', index: 1 });
    expect(afterEnd({ ...queue, index: 2 }, 'off', 'album')).toEqual({ kind: 'stop', index: 3 });
    expect(afterEnd({ ...queue, index: 3 }, 'off', 'album')).toEqual({ kind: 'stop', index: 3 });
    // Repeating all one album: its last track ends the album.
    expect(afterEnd(last, 'all', 'album')).toEqual({ kind: 'stop', index: 0 });
  });

  it('Next follows the queue and wraps with repeat all; the repeat button steps off, all, one', () => {
    expect(nextIndex(playing, 'off')).toBe(1);
    expect(nextIndex(last, 'off')).toBe(-1);
    expect(nextIndex(last, 'all')).toBe(0);
    expect(nextIndex({ tracks: [], index: -1 }, 'all')).toBe(-1);
    expect([nextRepeat('off'), nextRepeat('all'), nextRepeat('one')]).toEqual(['all', 'one', 'off']);
  });
});

describe('the kept queue', () => {
  const at = new Date('2026-11-29T10:00:00.000Z');
  const extra = { positionSeconds: 12.7, repeat: 'all' as const, stopAfter: 'album' as const, changedAt: at };

  it('is what the server accepts, and comes back as it was, the current track at its place', () => {
    const state = addToQueue({ tracks: albumA, index: 1 }, [{ ...track(40, 'b'), preview: true, resume: undefined }]);
    const kept = toKept(state, extra);
    expect(ListeningQueue.safeParse(kept).success).toBe(true);
    expect(kept).toMatchObject({ index: 1, position_seconds: 12, repeat: 'all', stop_after: 'album' });
    const back = fromKept(kept);
    expect(ids(back.tracks)).toEqual([1, 2, 3, 40]);
    expect(back.index).toBe(1);
    expect(back.tracks[1]?.resume).toEqual({ skuId: 2, positionSeconds: 12 });
    expect(back.tracks[3]).toMatchObject({ preview: true, id: 'full:40' });
    expect(back.tracks[3]?.resume).toBeUndefined();
  });

  it('leaves out what the server cannot keep (a link of its own), keeping the rest in order', () => {
    const link: QueueTrack = { id: 'free-mp3', title: 'Gift', url: '/free-mp3/download/abc' };
    const kept = toKept({ tracks: [track(1), link, track(2)], index: 2 }, extra);
    expect(kept.tracks.map((t) => t.id)).toEqual(['full:1', 'full:2']);
    expect(kept.index).toBe(1);
    expect(toKept({ tracks: [link], index: 0 }, extra)).toMatchObject({ tracks: [], index: -1, position_seconds: 0 });
  });

  it('the newest change wins between the device and the server', () => {
    const a = toKept(playing, extra);
    const b = toKept(playing, { ...extra, changedAt: new Date('2026-11-29T10:00:01.000Z') });
    expect(newer(a, b)).toBe(b);
    expect(newer(b, a)).toBe(b);
    expect(newer(null, a)).toBe(a);
    expect(newer(a, null)).toBe(a);
    expect(newer(null, null)).toBeNull();
  });
});
