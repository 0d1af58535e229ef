import { type Cue, cueAt } from '@storyhouse/contracts';

/**
 * The read-along view's two rules (issue 43), apart from React so they can
 * be tested: which sentence is highlighted, and when the text scrolls by
 * itself to keep it in view.
 */

/**
 * The sentence to highlight: the cue spoken at `seconds` of the track (the
 * audio element's currentTime, contracts' cueAt); -1 between sentences.
 */
export const cueAtTime = (cues: readonly Cue[], seconds: number) =>
  Number.isFinite(seconds) ? cueAt(cues, Math.round(seconds * 1000)) : -1;

/** What changes whether the text follows the voice. */
export type FollowEvent =
  /** The reader scrolled the text themselves (wheel, finger, scroll keys, the scrollbar). */
  | 'reader-scrolled'
  /** The "Back to the voice" button. */
  | 'back-to-voice'
  /** The reader chose a sentence to hear from: the voice goes there, the text with it. */
  | 'sentence-chosen'
  /** Another track plays: its text starts at the voice. */
  | 'track-changed';

/** Whether the text follows the voice after `event`: the reader's own scroll stops it until they ask it back. */
export const followsAfter = (_following: boolean, event: FollowEvent) => event !== 'reader-scrolled';

/** The keys that scroll a box that has focus (or a sentence in it). */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

/**
 * Whether an event on the text's scroll box is the reader scrolling it: a
 * wheel, a finger moving, a scroll key, a press on the box itself (its
 * scrollbar). The scrolls the view makes itself fire none of these, so they
 * never stop the following.
 */
export function isReaderScroll(event: { type: string; key?: string; onBox?: boolean }): boolean {
  switch (event.type) {
    case 'wheel':
    case 'touchmove':
      return true;
    case 'keydown':
      return event.key !== undefined && SCROLL_KEYS.has(event.key);
    case 'pointerdown':
      return event.onBox === true;
    default:
      return false;
  }
}

/**
 * Where to scroll the box so the highlighted sentence is in view: null when
 * it already is, within the box's middle band (from a sixth to two thirds
 * of its height); else so it sits a third of the way down. Positions in
 * pixels, `cueTop` from the top of the box's content.
 */
export function scrollTopFor(view: { cueTop: number; cueHeight: number; boxHeight: number; scrollTop: number }): number | null {
  const { cueTop, cueHeight, boxHeight, scrollTop } = view;
  const top = cueTop - scrollTop;
  if (top >= boxHeight / 6 && top + cueHeight <= (boxHeight * 2) / 3) return null;
  return Math.max(0, Math.round(cueTop - boxHeight / 3));
}
