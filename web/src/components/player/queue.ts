import type { RepeatMode, StopAfter } from '@storyhouse/contracts';
import type { QueueTrack } from './player-state';
import { type QueueState, upNextOf } from './queue-position';

/**
 * The rules of the player's queue (issue 41 item 3), as plain functions of
 * plain data so they can be tested without an audio element; the engine
 * (player-engine.ts) only applies what they answer.
 *
 * The queue is one list: the tracks heard (before `index`), the current one,
 * and Up next (after it): the rest of the album, then what the family added.
 * A track is in Up next once: adding it again moves it.
 */

export type { RepeatMode, StopAfter } from '@storyhouse/contracts';
export { nextIndex, type QueueState, upNextOf } from './queue-position';

/** What follows the end of a track. */
export type AfterEnd =
  /** Play `index` (the next track, the same one again, or the first when repeating all). */
  | { kind: 'play'; index: number }
  /** Stop, with `index` loaded and paused (the track after a "stop after", or the same one). */
  | { kind: 'stop'; index: number }
  /** The end of the queue: spec §4, it is cleared; the last track stays loaded. */
  | { kind: 'end' };

/** The current track and the ones heard before it, then `upNext`. */
const withUpNext = ({ tracks, index }: QueueState, upNext: readonly QueueTrack[]): QueueState => ({
  tracks: [...tracks.slice(0, index + 1), ...upNext],
  index,
});

/** `added` less the current track and repeats of one track. */
function fresh(state: QueueState, added: readonly QueueTrack[]) {
  const current = state.tracks[state.index]?.id;
  const seen = new Set<string>();
  return added.filter((t) => {
    if (t.id === current || seen.has(t.id)) return false;
    seen.add(t.id);
    return true;
  });
}

/**
 * "Play next": `added` right after the current track (moved there when
 * already in Up next). With nothing current they become the queue, the first
 * loaded (the engine does not start it: nothing plays without a press).
 */
export function playNext(state: QueueState, added: readonly QueueTrack[]): QueueState {
  if (state.index < 0) return startWith(added);
  const tracks = fresh(state, added);
  const ids = new Set(tracks.map((t) => t.id));
  return withUpNext(state, [...tracks, ...upNextOf(state).filter((t) => !ids.has(t.id))]);
}

/** "Add to queue": `added` at the end of Up next (moved there when already in it). */
export function addToQueue(state: QueueState, added: readonly QueueTrack[]): QueueState {
  if (state.index < 0) return startWith(added);
  const tracks = fresh(state, added);
  const ids = new Set(tracks.map((t) => t.id));
  return withUpNext(state, [...upNextOf(state).filter((t) => !ids.has(t.id)), ...tracks]);
}

function startWith(added: readonly QueueTrack[]): QueueState {
  const tracks = fresh({ tracks: [], index: -1 }, added);
  return { tracks, index: tracks.length > 0 ? 0 : -1 };
}

/** Moves Up next's track at `from` to `to` (both positions in Up next); out of range changes nothing. */
export function moveInUpNext(state: QueueState, from: number, to: number): QueueState {
  const upNext = [...upNextOf(state)];
  if (from === to || !inRange(from, upNext.length) || !inRange(to, upNext.length)) return state;
  const [track] = upNext.splice(from, 1);
  if (track) upNext.splice(to, 0, track);
  return withUpNext(state, upNext);
}

/** Removes Up next's track at `at`. */
export function removeFromUpNext(state: QueueState, at: number): QueueState {
  const upNext = upNextOf(state);
  if (!inRange(at, upNext.length)) return state;
  return withUpNext(
    state,
    upNext.filter((_, i) => i !== at),
  );
}

/** Empties Up next; the current track and the ones heard stay (Previous still works). */
export const clearUpNext = (state: QueueState): QueueState => withUpNext(state, []);

const inRange = (i: number, length: number) => Number.isInteger(i) && i >= 0 && i < length;

/**
 * What follows the end of the current track. A "stop after" is a one-off
 * and comes first: after this track, or after the album's last track in
 * the queue (the next one is of another album, or there is none); the
 * following track is then loaded, paused, so the next press goes on.
 * Then repeat one plays the track again; otherwise the next track, or with
 * repeat all the first once the queue is done; else the queue ends.
 */
export function afterEnd(state: QueueState, repeat: RepeatMode, stopAfter: StopAfter | null): AfterEnd {
  const { tracks, index } = state;
  const current = tracks[index];
  if (!current) return { kind: 'end' };
  const following = index + 1 < tracks.length ? index + 1 : repeat === 'all' ? 0 : -1;
  // Going back to the first track (repeat all) ends the album too.
  const albumEnds = following <= index || !current.albumKey || tracks[following]?.albumKey !== current.albumKey;
  if (stopAfter === 'track' || (stopAfter === 'album' && albumEnds)) {
    return { kind: 'stop', index: following >= 0 ? following : index };
  }
  if (repeat === 'one') return { kind: 'play', index };
  if (following >= 0) return { kind: 'play', index: following };
  return { kind: 'end' };
}

/** The repeat modes in the order one button steps through them. */
export const nextRepeat = (mode: RepeatMode): RepeatMode => (mode === 'off' ? 'all' : mode === 'all' ? 'one' : 'off');
