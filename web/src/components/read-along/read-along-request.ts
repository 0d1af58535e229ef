/**
 * "Read along" asked for (issue 43): a track's button plays it and asks for
 * its text; the page's panel beside the track list (wider screens) and the
 * player's Now Playing (phones) each answer. A counter, so each ask is new
 * to whoever listens, even for the same track twice.
 */
let asked = 0;
const listeners = new Set<() => void>();

export function askReadAlong() {
  asked += 1;
  for (const l of listeners) l();
}

export const readAlongAsked = () => asked;

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
