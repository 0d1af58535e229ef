import type { RepeatMode, StopAfter } from '@storyhouse/contracts';
import type { ResumePoint } from './listening';
import type { SleepChoice, SleepTimer } from './sleep-timer';

// What the player is and shows, apart from the engine (player-engine.ts) that
// loads on the first play: the shell's provider (player.tsx) shows the idle
// state before it.

/** A playable file. `id` is unique per file (`preview:123`, `full:123`); `url` is its stream. */
export interface QueueTrack {
  id: string;
  title: string;
  url: string;
  /** Tracks of one album share it, so an album button can tell its tracks are playing (spec §4). */
  albumKey?: string;
  /** Only a preview of the recording plays (the server's plays_in_full was false): the player bar says so. */
  preview?: boolean;
  /** For the lock screen and headset (Media Session metadata). */
  album?: string;
  artwork?: string;
  /**
   * Set when the listener's place in this recording is kept on the server
   * (signed in, full recording; issue 14 item 5): playing starts at
   * `positionSeconds`, and the engine reports the position while it plays
   * (PUT /crud/my-library/progress/{skuId}).
   */
  resume?: ResumePoint;
  /** Its words for reading along (issue 43: the track's transcript_url), when it has any. */
  transcriptUrl?: string;
}

/** The five audio-error alerts of spec §4 Audio queue, by MediaError code. */
export type AudioErrorKind = 'aborted' | 'network' | 'decode' | 'unsupported' | 'unknown';

export interface PlayerSnapshot {
  current: QueueTrack | null;
  queue: readonly QueueTrack[];
  /** Position of `current` in `queue`, -1 once the queue was cleared at its end. */
  index: number;
  isPlaying: boolean;
  currentTime: number;
  duration: number;
  error: AudioErrorKind | null;
  /** Playback speed (audio.playbackRate), kept on this device. */
  rate: number;
  /** The armed sleep timer, if any. */
  sleep: SleepTimer | null;
  /** The timer chosen last (this visit or an earlier one), offered again but never armed by itself. */
  lastSleep: SleepChoice | null;
  /** The tracks after the current one, and whether Next has a track to go to (the engine keeps them with `queue`, `index` and `repeat`). */
  upNext: readonly QueueTrack[];
  hasNext: boolean;
  /** Repeat the queue, or the current track (queue.ts afterEnd). */
  repeat: RepeatMode;
  /** Stop at the end of this track or of its album, once. */
  stopAfter: StopAfter | null;
}

/** Nothing loaded yet. */
export const idleSnapshot: PlayerSnapshot = {
  current: null,
  queue: [],
  index: -1,
  isPlaying: false,
  currentTime: 0,
  duration: 0,
  error: null,
  rate: 1,
  sleep: null,
  lastSleep: null,
  upNext: [],
  hasNext: false,
  repeat: 'off',
  stopAfter: null,
};
