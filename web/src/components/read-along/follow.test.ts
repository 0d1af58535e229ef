import type { Cue } from '@storyhouse/contracts';
import { describe, expect, it } from 'vitest';
import { cueAtTime, type FollowEvent, followsAfter, isReaderScroll, scrollTopFor } from './follow';

// Issue 43: the sentence highlighted is the one the audio is at; the text
// follows the voice until the reader scrolls it, and comes back on request.

const cues: Cue[] = [
  { start_ms: 0, end_ms: 1800, text: 'In the beginning.' },
  { start_ms: 2000, end_ms: 4500, text: 'The earth was empty.' },
  { start_ms: 4500, end_ms: 7000, text: 'And there was light.' },
];

describe('the highlighted sentence', () => {
  it('is the cue the audio’s currentTime falls in, to the millisecond', () => {
    expect(cueAtTime(cues, 0)).toBe(0);
    expect(cueAtTime(cues, 1.799)).toBe(0);
    expect(cueAtTime(cues, 2)).toBe(1);
    // Where one sentence ends the next begins: the next one is spoken.
    expect(cueAtTime(cues, 4.5)).toBe(2);
    expect(cueAtTime(cues, 6.9994)).toBe(2);
  });

  it('is none between two sentences, after the last, or before the audio knows its place', () => {
    expect(cueAtTime(cues, 1.9)).toBe(-1);
    expect(cueAtTime(cues, 7)).toBe(-1);
    expect(cueAtTime(cues, Number.NaN)).toBe(-1);
    expect(cueAtTime([], 3)).toBe(-1);
  });

  it('finds its place among 400 sentences (a 30-minute track)', () => {
    const long = Array.from({ length: 400 }, (_, i) => ({ start_ms: i * 4500, end_ms: i * 4500 + 4000, text: `Sentence ${i}.` }));
    expect(cueAtTime(long, 1234.5)).toBe(274);
    expect(cueAtTime(long, 1237.2)).toBe(-1);
  });
});

describe('following the voice', () => {
  const run = (events: FollowEvent[]) => events.reduce(followsAfter, true);

  it('follows until the reader scrolls the text, and stays stopped as the voice goes on', () => {
    expect(run([])).toBe(true);
    expect(run(['reader-scrolled'])).toBe(false);
    expect(run(['reader-scrolled', 'reader-scrolled'])).toBe(false);
  });

  it('comes back with “Back to the voice”, a sentence chosen, or another track', () => {
    expect(run(['reader-scrolled', 'back-to-voice'])).toBe(true);
    expect(run(['reader-scrolled', 'sentence-chosen'])).toBe(true);
    expect(run(['reader-scrolled', 'track-changed'])).toBe(true);
    expect(run(['reader-scrolled', 'back-to-voice', 'reader-scrolled'])).toBe(false);
  });

  it('counts as the reader’s scroll a wheel, a finger, a scroll key, a press on the scrollbar; not a tap on a sentence', () => {
    expect(isReaderScroll({ type: 'wheel' })).toBe(true);
    expect(isReaderScroll({ type: 'touchmove' })).toBe(true);
    for (const key of ['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home', 'End', ' ']) {
      expect(isReaderScroll({ type: 'keydown', key })).toBe(true);
    }
    expect(isReaderScroll({ type: 'keydown', key: 'Enter' })).toBe(false);
    expect(isReaderScroll({ type: 'keydown', key: 'ArrowRight' })).toBe(false);
    expect(isReaderScroll({ type: 'pointerdown', onBox: true })).toBe(true);
    expect(isReaderScroll({ type: 'pointerdown', onBox: false })).toBe(false);
    // The view's own smooth scroll fires only `scroll`: it never stops the following.
    expect(isReaderScroll({ type: 'scroll' })).toBe(false);
  });

  it('scrolls only when the sentence leaves the middle of the box, then puts it a third of the way down', () => {
    const box = { boxHeight: 300, cueHeight: 24 };
    // At 100 px of a 300 px box: in view, nothing moves.
    expect(scrollTopFor({ ...box, cueTop: 100, scrollTop: 0 })).toBeNull();
    // Near the bottom (250 px): brought up to 100 px from the top.
    expect(scrollTopFor({ ...box, cueTop: 250, scrollTop: 0 })).toBe(150);
    // Scrolled past (above the box): brought back down, never above the text’s top.
    expect(scrollTopFor({ ...box, cueTop: 40, scrollTop: 600 })).toBe(0);
    expect(scrollTopFor({ ...box, cueTop: 700, scrollTop: 600 })).toBeNull();
  });
});
