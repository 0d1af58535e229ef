/**
 * The rules of "listening that remembers" (issue 14 item 5), kept apart from
 * the audio element so they can be tested as plain arithmetic.
 */

import { FINISHED_WITHIN_SECONDS, type HeardPlace, keptPlace } from '@storyhouse/contracts';

/** A recording whose place is kept for the signed-in listener, and the place the page's data gave. */
export interface ResumePoint {
  skuId: number;
  positionSeconds: number;
  /** When the server's place was heard (ISO), null when it holds none: weighed against this device's (resumePlace). */
  heardAt?: string | null;
}

/**
 * Where a recording resumes, of the place the page's data gave (the
 * server's, as it was when the page loaded) and the one this device heard
 * last: the one heard later (keptPlace, the server's own rule). A page's
 * data with no time (a place never heard, or an older page) loses to any
 * place heard here.
 */
export function resumePlace(resume: ResumePoint, heardHere: HeardPlace | undefined): number {
  if (!heardHere) return resume.positionSeconds;
  const server = resume.heardAt ? { position: resume.positionSeconds, heardAt: Date.parse(resume.heardAt) } : undefined;
  return keptPlace(server, heardHere).position;
}

/** While a track plays, its position is saved at most this often (pause, track change, end and page hide save at once). */
export const PROGRESS_SAVE_MS = 15_000;

/** Where a track with a saved place starts, once its duration is known (0: unknown): the place, or 0 when it was (nearly) finished. */
export function resumeStart(savedSeconds: number, durationSeconds: number): number {
  if (!Number.isFinite(savedSeconds) || savedSeconds <= 0) return 0;
  const finished = durationSeconds > 0 && savedSeconds >= durationSeconds - FINISHED_WITHIN_SECONDS;
  return finished ? 0 : savedSeconds;
}

/**
 * Where a recording asked to play from `seconds` (a sentence search found) starts once its duration is known (0:
 * unknown): there, to its very last sentence, or at its start when it ends before (a preview shorter than the
 * sentence's place).
 */
export function startWithin(seconds: number, durationSeconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return durationSeconds > 0 && seconds >= durationSeconds ? 0 : seconds;
}

/** Whether a playing track's position is due to be saved again, `lastMs` being the last save (or the start of playback). */
export const progressDue = (lastMs: number, nowMs: number) => nowMs - lastMs >= PROGRESS_SAVE_MS;

/**
 * The position sent to the server: whole seconds, rounded down, so the end of
 * a recording is never a fraction past the length the server knows.
 */
export const positionToSave = (seconds: number) => (Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0);
