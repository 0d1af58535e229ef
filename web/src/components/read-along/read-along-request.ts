/**
 * "Read along" asked for (issue 43): a track's button plays it and asks for
 * its text; the page's panel beside the track list (wider screens) and the
 * player's Now Playing (phones) each answer. A counter, so each ask is new
 * to whoever listens, even for the same track twice.
 */
import type { QueueTrack } from '../player/player-state';

let asked = 0;
let askedFor: QueueTrack | null = null;
const listeners = new Set<() => void>();

export function askReadAlong(track: QueueTrack) {
  asked += 1;
  askedFor = track;
  for (const l of listeners) l();
}

export const readAlongAsked = () => asked;

/**
 * The playing track with the address of its words: its own (kept with the
 * queue, so a queue brought back reads along too), or, for the same
 * recording, the one of the track "Read along" was pressed on (a queue kept
 * before its tracks carried that address).
 */
export function withText(current: QueueTrack | null): (QueueTrack & { transcriptUrl: string }) | null {
  if (!current) return null;
  if (current.transcriptUrl) return { ...current, transcriptUrl: current.transcriptUrl };
  return askedFor?.id === current.id && askedFor.transcriptUrl ? { ...current, transcriptUrl: askedFor.transcriptUrl } : null;
}

/** The player bar answers each ask once (on a phone by opening Now Playing), however late it loads. */
let answered = 0;
export const unansweredAsk = (ask: number) => ask > answered;
export function answerAsk(ask: number) {
  answered = Math.max(answered, ask);
}

export function onReadAlongAsked(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
