import type { RepeatMode } from '@storyhouse/contracts';
import type { QueueTrack } from './player-state';

// Where the queue stands, for the shell's player hook (player.tsx) as well as
// the engine: kept apart from the queue's rules (queue.ts), which load with
// the engine, not in the shell's first download.

export interface QueueState {
  tracks: readonly QueueTrack[];
  /** The current track in `tracks`, -1 with none (nothing played yet, or the queue ended). */
  index: number;
}

/** The tracks after the current one. */
export const upNextOf = ({ tracks, index }: QueueState): readonly QueueTrack[] => (index >= 0 ? tracks.slice(index + 1) : []);

/** The track Next goes to: the following one, or the first with repeat all; -1 for none. */
export function nextIndex({ tracks, index }: QueueState, repeat: RepeatMode): number {
  if (index < 0) return -1;
  if (index + 1 < tracks.length) return index + 1;
  return repeat === 'all' && tracks.length > 1 ? 0 : -1;
}
