import { describe, expect, it } from 'vitest';
import { FADE_MS, fadeLevel, isPlaybackRate, isSleepChoice, minutesLeft, sleepEndsAt, storedRate } from './sleep-timer';

describe('the sleep timer', () => {
  const now = Date.UTC(2026, 0, 1, 20, 0, 0);

  it('ends after the chosen minutes, or with the track', () => {
    expect(sleepEndsAt('15', now)).toBe(now + 15 * 60_000);
    expect(sleepEndsAt('45', now)).toBe(now + 45 * 60_000);
    expect(sleepEndsAt('track', now)).toBeNull();
  });

  it('shows the minutes left rounded up, down to 0 once due', () => {
    const endsAt = sleepEndsAt('15', now)!;
    expect(minutesLeft(endsAt, now)).toBe(15);
    expect(minutesLeft(endsAt, now + 1)).toBe(15);
    expect(minutesLeft(endsAt, now + 60_000)).toBe(14);
    expect(minutesLeft(endsAt, endsAt - 1)).toBe(1);
    expect(minutesLeft(endsAt, endsAt)).toBe(0);
    expect(minutesLeft(endsAt, endsAt + 5_000)).toBe(0);
  });

  it('fades the volume evenly to silence', () => {
    expect(fadeLevel(0)).toBe(1);
    expect(fadeLevel(FADE_MS / 2)).toBeCloseTo(0.5);
    expect(fadeLevel(FADE_MS)).toBe(0);
    expect(fadeLevel(FADE_MS * 2)).toBe(0);
    expect(fadeLevel(-10)).toBe(1);
  });

  it('knows its choices', () => {
    for (const c of ['15', '30', '45', 'track']) expect(isSleepChoice(c)).toBe(true);
    for (const c of ['off', '60', '', null, 15]) expect(isSleepChoice(c)).toBe(false);
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
