import type { Cue } from './transcripts';

/**
 * The cue being spoken at `ms` of the track: the last cue starting at or before it that has not ended; -1: none.
 * Apart from the transcripts' schemas: the read-along view follows the voice with it without loading zod.
 */
export function cueAt(cues: readonly Cue[], ms: number): number {
  let lo = 0;
  let hi = cues.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((cues[mid] as Cue).start_ms <= ms) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found >= 0 && ms < (cues[found] as Cue).end_ms ? found : -1;
}
