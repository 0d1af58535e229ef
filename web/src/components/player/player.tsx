import { createContext, type ReactNode, use, useMemo, useState, useSyncExternalStore } from 'react';
import { type AudioErrorKind, PlayerEngine, type QueueTrack } from './player-engine';

export type { AudioErrorKind, QueueTrack } from './player-engine';

const PlayerContext = createContext<PlayerEngine | null>(null);

/**
 * Holds the app's one audio element (spec §2 Shell: one player bar). Placed
 * above the router so playback continues across client-side navigation.
 */
export function PlayerProvider({ children }: { children: ReactNode }) {
  // Lives as long as the page: unmounting the app (or StrictMode's rehearsal) must not stop it.
  const [engine] = useState(() => new PlayerEngine());
  return <PlayerContext value={engine}>{children}</PlayerContext>;
}

export interface Player {
  current: QueueTrack | null;
  isPlaying: boolean;
  currentTime: number;
  duration: number;
  /** Pause/resume if `track` is current, else play it (the queue becomes [track]). */
  toggle(track: QueueTrack): void;
  /** Spec §4: pause/resume if one of the album's tracks is current, else queue `tracks` and play the first. */
  toggleAlbum(albumKey: string, tracks: QueueTrack[]): void;
  isCurrent(trackId: string): boolean;
  // What the player bar and shortcuts use.
  error: AudioErrorKind | null;
  hasNext: boolean;
  hasPrevious: boolean;
  playPause(): void;
  seek(seconds: number): void;
  skip(deltaSeconds: number): void;
  next(): void;
  previous(): void;
  dismissError(): void;
}

export function usePlayer(): Player {
  const engine = use(PlayerContext);
  if (!engine) throw new Error('usePlayer outside PlayerProvider');
  const s = useSyncExternalStore(engine.subscribe, engine.getSnapshot);
  return useMemo(
    () => ({
      current: s.current,
      isPlaying: s.isPlaying,
      currentTime: s.currentTime,
      duration: s.duration,
      error: s.error,
      hasNext: s.index >= 0 && s.index + 1 < s.queue.length,
      hasPrevious: s.index > 0,
      toggle: (track) => engine.toggle(track),
      toggleAlbum: (albumKey, tracks) => engine.toggleAlbum(albumKey, tracks),
      isCurrent: (trackId) => s.current?.id === trackId,
      playPause: () => engine.playPause(),
      seek: (seconds) => engine.seek(seconds),
      skip: (delta) => engine.skip(delta),
      next: () => engine.next(),
      previous: () => engine.previous(),
      dismissError: () => engine.dismissError(),
    }),
    [engine, s],
  );
}
