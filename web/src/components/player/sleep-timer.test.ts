import { describe, expect, it } from 'vitest';
import {
  afterTrackEnded,
  armSleep,
  endsWithThisTrack,
  FADE_MS,
  fadeLevel,
  isPlaybackRate,
  isSleepChoice,
  msUntilStop,
  SLEEP_CHOICES,
  secondsLeft,
  storedRate,
} from './sleep-timer';

describe('the sleep timer', () => {
  const now = Date.UTC(2026, 0, 1, 20, 0, 0);
  const position = { currentTime: 10, duration: 60, rate: 1 };
  const album = { albumKey: 'album:1' };

  it('offers 5 to 60 minutes, the end of the track or album, and after 2 to 10 tracks', () => {
    expect(SLEEP_CHOICES).toEqual([
      '5',
      '10',
      '15',
      '30',
      '45',
      '60',
      'track',
      'album',
      'tracks-2',
      'tracks-3',
      'tracks-4',
      'tracks-5',
      'tracks-6',
      'tracks-7',
      'tracks-8',
      'tracks-9',
      'tracks-10',
    ]); // prettier-ignore
    for (const c of ['off', '20', 'tracks-1', 'tracks-11', '', null, 15]) expect(isSleepChoice(c)).toBe(false);
  });

  it('counts minutes on the clock, shown as seconds left rounded up', () => {
    const timer = armSleep('15', now, null);
    expect(timer).toMatchObject({ endsAt: now + 15 * 60_000, secondsLeft: 900, tracksLeft: null, fading: false, auto: false });
    expect(secondsLeft(timer.endsAt!, now + 1)).toBe(900);
    expect(secondsLeft(timer.endsAt!, now + 1000)).toBe(899);
    expect(secondsLeft(timer.endsAt!, timer.endsAt! + 5000)).toBe(0);
    expect(msUntilStop(timer, now + 14 * 60_000, position, undefined)).toBe(60_000);
    expect(msUntilStop(timer, now + 16 * 60_000, position, undefined)).toBe(0);
    // A track ending changes nothing for minutes.
    expect(afterTrackEnded(timer, undefined)).toBe(timer);
  });

  it('"end of this track" and "after N tracks" stop at the end of the last track they count', () => {
    const one = armSleep('track', now, album);
    expect(endsWithThisTrack(one, album)).toBe(true);
    expect(afterTrackEnded(one, album)).toBe('stop');

    const three = armSleep('tracks-3', now, album);
    expect(three.tracksLeft).toBe(3);
    expect(msUntilStop(three, now, position, album)).toBe(Number.POSITIVE_INFINITY);
    const second = afterTrackEnded(three, album);
    expect(second).toMatchObject({ tracksLeft: 2 });
    const third = afterTrackEnded(second as typeof three, album);
    expect(third).toMatchObject({ tracksLeft: 1 });
    // Its last track: what the recording has left, at its speed.
    expect(msUntilStop(third as typeof three, now, position, album)).toBe(50_000);
    expect(msUntilStop(third as typeof three, now, { ...position, rate: 2 }, album)).toBe(25_000);
    expect(msUntilStop(third as typeof three, now, { ...position, duration: 0 }, album)).toBe(Number.POSITIVE_INFINITY);
    expect(afterTrackEnded(third as typeof three, album)).toBe('stop');
  });

  it('"end of the album" stops when the next track is of another album, or there is none', () => {
    const timer = armSleep('album', now, album);
    expect(timer.albumKey).toBe('album:1');
    expect(afterTrackEnded(timer, album)).toBe(timer);
    expect(afterTrackEnded(timer, { albumKey: 'album:2' })).toBe('stop');
    expect(afterTrackEnded(timer, {})).toBe('stop');
    expect(afterTrackEnded(timer, undefined)).toBe('stop');
    // A track of no album: its own end.
    expect(afterTrackEnded(armSleep('album', now, {}), {})).toBe('stop');
  });

  it('fades over the last 10 seconds, silent as the timer ends', () => {
    expect(FADE_MS).toBe(10_000);
    expect(fadeLevel(60_000)).toBe(1);
    expect(fadeLevel(10_000)).toBe(1);
    expect(fadeLevel(7_500)).toBeCloseTo(0.75);
    expect(fadeLevel(5_000)).toBeCloseTo(0.5);
    expect(fadeLevel(0)).toBe(0);
    expect(fadeLevel(-10)).toBe(0);
  });
});

describe('playback speed', () => {
  it('offers 0.75× to 1.5×', () => {
    for (const r of [0.75, 1, 1.25, 1.5]) expect(isPlaybackRate(r)).toBe(true);
    for (const r of [0, 0.5, 2, Number.NaN]) expect(isPlaybackRate(r)).toBe(false);
  });

  it('is 1× when nothing (or no storage) is there', () => {
    expect(storedRate()).toBe(1);
  });
});
