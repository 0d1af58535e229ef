import { CUE_NUDGE_MS, cueProblems } from '@storyhouse/contracts';
import { describe, expect, it } from 'vitest';
import {
  finish,
  formatCueTime,
  isUntimed,
  nudge,
  nudgeEarlier,
  nudgeLater,
  press,
  startTiming,
  untimedCues,
} from './transcript-timing';

const three = untimedCues(['God spoke to Noah.', 'Noah built a boat.', 'The rain came.']);

describe('timing a transcript by presses', () => {
  it('starts pasted sentences untimed', () => {
    expect(three.every(isUntimed)).toBe(true);
    expect(three[0]).toEqual({ text: 'God spoke to Noah.', start_ms: 0, end_ms: 0 });
  });

  it('starts each sentence at its press and ends the one before there; the last ends at the track’s end', () => {
    let timing = startTiming(three);
    timing = press(timing, 120.4);
    timing = press(timing, 2400);
    timing = press(timing, 4750);
    const cues = finish(timing, 6000);
    expect(cues.map((c) => [c.start_ms, c.end_ms])).toEqual([
      [120, 2400],
      [2400, 4750],
      [4750, 6000],
    ]);
    expect(cueProblems(cues, 6000).size).toBe(0);
  });

  it('ends the last sentence pressed where the volunteer stopped, leaving the others as they were', () => {
    let timing = startTiming(three);
    timing = press(timing, 0);
    timing = press(timing, 1500);
    const cues = finish(timing, 2100);
    expect(cues.map((c) => [c.start_ms, c.end_ms])).toEqual([
      [0, 1500],
      [1500, 2100],
      [0, 0],
    ]);
    expect(isUntimed(cues[2]!)).toBe(true);
  });

  it('shows the sentence just started as lasting until the next press', () => {
    const timing = press(startTiming(three), 800);
    expect(timing.next).toBe(1);
    expect(timing.cues[0]).toMatchObject({ start_ms: 800, end_ms: 801 });
  });

  it('ignores a press after the last sentence and one earlier than the sentence before', () => {
    let timing = startTiming(three);
    for (const ms of [100, 200, 300]) timing = press(timing, ms);
    expect(press(timing, 400)).toBe(timing);
    const two = press(startTiming(three), 1000);
    expect(press(two, 900)).toBe(two);
    expect(press(two, 1000)).toBe(two);
  });

  it('ends nothing when no press came before the stop', () => {
    expect(finish(startTiming(three), 5000)).toEqual(three);
  });
});

describe('nudging a cue', () => {
  const timed = finish([1000, 2000, 3000].reduce(press, startTiming(three)), 4000);

  it('moves a start by a tenth of a second, and the end of the sentence before with it', () => {
    expect(CUE_NUDGE_MS).toBe(100);
    const later = nudgeLater(timed, 1);
    expect(later.map((c) => [c.start_ms, c.end_ms])).toEqual([
      [1000, 2100],
      [2100, 3000],
      [3000, 4000],
    ]);
    const earlier = nudgeEarlier(nudgeEarlier(timed, 2), 2);
    expect(earlier.map((c) => [c.start_ms, c.end_ms])).toEqual([
      [1000, 2000],
      [2000, 2800],
      [2800, 4000],
    ]);
  });

  it('keeps the first start at the track’s start, a start before its own end and after the start before', () => {
    expect(nudge(timed, 0, -5000)[0]).toMatchObject({ start_ms: 0, end_ms: 2000 });
    expect(nudge(timed, 1, 5000)[1]).toMatchObject({ start_ms: 2999, end_ms: 3000 });
    expect(nudge(timed, 1, -5000).map((c) => c.start_ms)).toEqual([1000, 1001, 3000]);
  });

  it('leaves the cue before alone when there was a pause between them', () => {
    const paused = [
      { text: 'a', start_ms: 0, end_ms: 900 },
      { text: 'b', start_ms: 1000, end_ms: 2000 },
    ];
    expect(nudgeEarlier(paused, 1)).toEqual([paused[0], { text: 'b', start_ms: 900, end_ms: 2000 }]);
    expect(nudge(paused, 1, -5000)[1]).toMatchObject({ start_ms: 900 });
  });

  it('does not move an untimed cue', () => {
    expect(nudgeLater(three, 1)).toEqual(three);
  });
});

describe('formatCueTime', () => {
  it('shows minutes, seconds and tenths', () => {
    expect(formatCueTime(0)).toBe('0:00.0');
    expect(formatCueTime(65_349)).toBe('1:05.3');
    expect(formatCueTime(600_000)).toBe('10:00.0');
  });
});
