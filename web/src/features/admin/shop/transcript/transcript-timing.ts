import { CUE_NUDGE_MS, type Cue } from '@storyhouse/contracts';

/**
 * The timing of a transcript in the back office, as pure steps the editor
 * calls: pasted sentences start untimed (start and end 0, which no saved
 * cue has: a saved cue ends after 1 ms at least); "Time it" plays the track
 * and each press starts the next sentence at the audio's time and ends the
 * one before there; the last ends at the track's end, or where the
 * volunteer stopped. Then a start is nudged by CUE_NUDGE_MS.
 */

/** Sentences as cues not yet timed. */
export const untimedCues = (sentences: readonly string[]): Cue[] => sentences.map((text) => ({ text, start_ms: 0, end_ms: 0 }));

/** A cue no press has timed yet. */
export const isUntimed = (cue: Cue) => cue.end_ms === 0;

/** A timing run: the cues as they stand and the one the next press starts. */
export interface Timing {
  cues: Cue[];
  next: number;
}

/** A run from the first cue; the cues keep their times until a press reaches them. */
export const startTiming = (cues: readonly Cue[]): Timing => ({ cues: [...cues], next: 0 });

/**
 * A press at `ms` of the audio: the next cue starts there, and the one
 * before ends there. Until the run ends, the cue just started ends with it
 * (1 ms on), so the list never shows an end before its start. A press after
 * the last cue, or earlier than the cue before began (the audio went back),
 * changes nothing.
 */
export function press(timing: Timing, ms: number): Timing {
  const at = Math.max(0, Math.round(ms));
  const { cues, next } = timing;
  const current = cues[next];
  if (!current) return timing;
  const before = next > 0 ? cues[next - 1] : undefined;
  if (before && at <= before.start_ms) return timing;
  const updated = [...cues];
  if (before) updated[next - 1] = { ...before, end_ms: at };
  updated[next] = { ...current, start_ms: at, end_ms: at + 1 };
  return { cues: updated, next: next + 1 };
}

/**
 * The run ends at `ms`: the track ended (its length), or the volunteer
 * stopped it. The last cue started ends there; cues no press reached keep
 * the times they had.
 */
export function finish(timing: Timing, ms: number): Cue[] {
  const { cues, next } = timing;
  const last = next > 0 ? cues[next - 1] : undefined;
  if (!last) return cues;
  const updated = [...cues];
  updated[next - 1] = { ...last, end_ms: Math.max(last.start_ms + 1, Math.round(ms)) };
  return updated;
}

/**
 * Moves cue `index`'s start by `delta` ms (±CUE_NUDGE_MS on the buttons).
 * The cue before ends where this one starts when they met, so moving the
 * start does not open a gap or make them overlap. The start stays within
 * the track, before its own end, and after the cue before (its start when
 * they met, else its end). An untimed cue does not move.
 */
export function nudge(cues: readonly Cue[], index: number, delta: number): Cue[] {
  const cue = cues[index];
  if (!cue || isUntimed(cue)) return [...cues];
  const timedBefore = index > 0 && !isUntimed(cues[index - 1] as Cue) ? (cues[index - 1] as Cue) : undefined;
  const met = timedBefore?.end_ms === cue.start_ms;
  const lowest = timedBefore ? (met ? timedBefore.start_ms + 1 : timedBefore.end_ms) : 0;
  const start = Math.min(Math.max(cue.start_ms + delta, lowest), cue.end_ms - 1);
  const updated = [...cues];
  if (timedBefore && met) updated[index - 1] = { ...timedBefore, end_ms: start };
  updated[index] = { ...cue, start_ms: start };
  return updated;
}

export const nudgeEarlier = (cues: readonly Cue[], index: number) => nudge(cues, index, -CUE_NUDGE_MS);
export const nudgeLater = (cues: readonly Cue[], index: number) => nudge(cues, index, CUE_NUDGE_MS);

/** A time in the track as a volunteer reads it: minutes, seconds and tenths ("1:05.3"). */
export function formatCueTime(ms: number): string {
  const tenths = Math.floor(ms / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = Math.floor((tenths % 600) / 10);
  return `${minutes}:${String(seconds).padStart(2, '0')}.${tenths % 10}`;
}
