import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type SleepAudio, SleepController } from './sleep-controller';
import type { SleepTimer } from './sleep-timer';

/** An audio element as the timer sees it: playing a 60 s track of album 1, at full volume. */
function setup() {
  const audio: SleepAudio & { paused: boolean; ended: boolean; currentTime: number } = {
    volume: 1,
    currentTime: 0,
    duration: 60,
    playbackRate: 1,
    paused: false,
    ended: false,
    pause: vi.fn(() => {
      audio.paused = true;
    }),
  };
  const queue = {
    current: { albumKey: 'a1' } as { albumKey?: string } | null,
    next: { albumKey: 'a1' } as { albumKey?: string } | undefined,
  };
  const shown: (SleepTimer | null)[] = [];
  const sleep = new SleepController({ audio, tracks: () => queue, changed: (s) => shown.push(s) });
  return { audio, queue, sleep, shown, last: () => shown.at(-1) ?? null };
}

// 21:00 in Chicago (UTC-6 in January).
const evening = Date.UTC(2026, 0, 15, 3, 0);
const bedtime = { from: '19:30', to: '07:00', timeZone: 'America/Chicago', timer: '5' as const };

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(evening);
});
afterEach(() => vi.useRealTimers());

describe('the sleep controller', () => {
  it('fades out over the last 10 s of a timer of minutes and stops playback as it ends', () => {
    const { audio, sleep, last } = setup();
    sleep.arm('5');
    expect(last()).toMatchObject({ choice: '5', secondsLeft: 300, fading: false });

    vi.advanceTimersByTime(4 * 60_000 + 50_000);
    expect(last()).toMatchObject({ secondsLeft: 10, fading: false });
    expect(audio.volume).toBe(1);
    vi.advanceTimersByTime(5_000);
    expect(last()).toMatchObject({ secondsLeft: 5, fading: true });
    expect(audio.volume).toBeCloseTo(0.5);
    vi.advanceTimersByTime(4_750);
    expect(audio.volume).toBeCloseTo(0.025);
    expect(audio.pause).not.toHaveBeenCalled();
    vi.advanceTimersByTime(250);
    expect(audio.pause).toHaveBeenCalledOnce();
    expect(last()).toBeNull();
    // The volume is back for the next play.
    expect(audio.volume).toBe(1);
  });

  it('ends quietly when its time comes while paused, and a pause during the fade ends it there', () => {
    const a = setup();
    a.sleep.arm('5');
    a.audio.paused = true;
    vi.advanceTimersByTime(5 * 60_000);
    expect(a.audio.pause).not.toHaveBeenCalled();
    expect(a.last()).toBeNull();

    const b = setup();
    b.sleep.arm('5');
    vi.advanceTimersByTime(4 * 60_000 + 55_000);
    expect(b.audio.volume).toBeCloseTo(0.5);
    b.audio.paused = true;
    b.sleep.paused();
    expect(b.last()).toBeNull();
    expect(b.audio.volume).toBe(1);
  });

  it('counts tracks: fades the last 10 s of the last one and stops at its end', () => {
    const { audio, sleep, last } = setup();
    sleep.arm('tracks-2');
    expect(last()).toMatchObject({ tracksLeft: 2 });
    audio.currentTime = 55;
    vi.advanceTimersByTime(250);
    expect(audio.volume).toBe(1);
    expect(sleep.trackEnded()).toBe(false);
    expect(last()).toMatchObject({ tracksLeft: 1 });

    audio.currentTime = 55;
    vi.advanceTimersByTime(250);
    expect(audio.volume).toBeCloseTo(0.5);
    expect(last()).toMatchObject({ fading: true });
    // The end of a track pauses the element first: that is not the listener's pause.
    audio.ended = true;
    sleep.paused();
    expect(last()).not.toBeNull();
    expect(sleep.trackEnded()).toBe(true);
    expect(last()).toBeNull();
    expect(audio.volume).toBe(1);
  });

  it('"end of the album" is the album playing when it was armed', () => {
    const { queue, sleep } = setup();
    sleep.arm('album');
    expect(sleep.trackEnded()).toBe(false);
    queue.current = { albumKey: 'a2' };
    queue.next = { albumKey: 'a2' };
    expect(sleep.trackEnded()).toBe(true);
  });

  it('arms the bedtime timer by itself with a play within the hours; turned off, not again that bedtime', () => {
    const { audio, sleep, last } = setup();
    audio.paused = true;
    sleep.setBedtime(bedtime);
    expect(last()).toBeNull();
    audio.paused = false;
    sleep.played();
    expect(last()).toMatchObject({ choice: '5', auto: true });

    // The listener turns it off: the next play tonight does not arm it again.
    sleep.arm(null);
    sleep.played();
    expect(last()).toBeNull();

    // Tomorrow at noon, then the next evening: armed again.
    vi.setSystemTime(evening + 15 * 3_600_000);
    sleep.played();
    expect(last()).toBeNull();
    vi.setSystemTime(evening + 24 * 3_600_000);
    sleep.played();
    expect(last()).toMatchObject({ auto: true });
  });

  it('arms it when the bedtime arrives while a story plays, and keeps a timer the listener chose', () => {
    const a = setup();
    a.sleep.setBedtime(bedtime);
    expect(a.last()).toMatchObject({ choice: '5', auto: true });

    const b = setup();
    b.sleep.arm('album');
    b.sleep.setBedtime(bedtime);
    b.sleep.played();
    expect(b.last()).toMatchObject({ choice: 'album', auto: false });

    // Bedtime turned off (or signed out): the timer it armed goes, one chosen by hand stays.
    a.sleep.setBedtime(null);
    expect(a.last()).toBeNull();
    b.sleep.setBedtime(null);
    expect(b.last()).toMatchObject({ choice: 'album' });
  });

  it('never by itself outside the hours, or without a bedtime', () => {
    const { sleep, last } = setup();
    sleep.played();
    expect(last()).toBeNull();
    vi.setSystemTime(evening + 12 * 3_600_000);
    sleep.setBedtime(bedtime);
    sleep.played();
    expect(last()).toBeNull();
  });
});
