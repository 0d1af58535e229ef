import { createContext, type ReactNode, use, useMemo, useState, useSyncExternalStore } from 'react';
import type { BedtimeRule } from './bedtime';
import type { PlayerEngine } from './player-engine';
import { type AudioErrorKind, idleSnapshot as idle, type PlayerSnapshot, type QueueTrack } from './player-state';
import type { SleepChoice, SleepTimer } from './sleep-timer';

export type { AudioErrorKind, QueueTrack } from './player-state';
export type { SleepChoice, SleepTimer } from './sleep-timer';

/**
 * The engine (player-engine.ts) is not part of the shell's first download:
 * it loads on the first play. The click that asks for it makes the audio
 * element at once and loads it, which is what lets the engine play it once
 * loaded: browsers that want audio started within a click (Safari) allow an
 * element the click has touched.
 */
class LazyPlayer {
  private engine: PlayerEngine | null = null;
  private loading: Promise<PlayerEngine> | null = null;
  private audio: HTMLAudioElement | null = null;
  private readonly listeners = new Set<() => void>();

  private load(): Promise<PlayerEngine> {
    this.loading ??= import('./player-engine').then(
      ({ PlayerEngine }) => {
        const engine = new PlayerEngine(this.audio ?? undefined);
        this.engine = engine;
        engine.subscribe(this.notify);
        this.notify();
        return engine;
      },
      (err: unknown) => {
        // Offline, say: the next play tries again.
        this.loading = null;
        this.notify();
        throw err;
      },
    );
    return this.loading;
  }

  /** Runs `action` on the engine: at once when it is loaded, else once it is. */
  run(action: (engine: PlayerEngine) => void) {
    if (this.engine) {
      action(this.engine);
      return;
    }
    if (!this.audio) {
      this.audio = new Audio();
      this.audio.load();
    }
    this.load().then(action, () => undefined);
    this.notify();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): PlayerSnapshot => this.engine?.getSnapshot() ?? idle;

  /** Whether the engine is loaded or loading. */
  isWanted = () => this.loading !== null;

  private notify = () => {
    for (const l of this.listeners) l();
  };
}

const PlayerContext = createContext<LazyPlayer | null>(null);

// A server render (decision 015), and the hydration of its HTML, show the player before anything was played.
const notWanted = () => false;
const idleSnapshot = () => idle;

/**
 * Holds the app's one audio element (spec §2 Shell: one player bar). Placed
 * above the router so playback continues across client-side navigation.
 */
export function PlayerProvider({ children }: { children: ReactNode }) {
  // Lives as long as the page: unmounting the app (or StrictMode's rehearsal) must not stop it.
  const [player] = useState(() => new LazyPlayer());
  return <PlayerContext value={player}>{children}</PlayerContext>;
}

function usePlayerContext(): LazyPlayer {
  const player = use(PlayerContext);
  if (!player) throw new Error('usePlayer outside PlayerProvider');
  return player;
}

/** Whether something was played: the shell loads the player bar (with the engine) from then on. */
export function usePlayerWanted(): boolean {
  const player = usePlayerContext();
  return useSyncExternalStore(player.subscribe, player.isWanted, notWanted);
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
  /** The tracks after the current one in the queue, in the order they will play (Now Playing's "Up next"). */
  upNext: readonly QueueTrack[];
  playPause(): void;
  seek(seconds: number): void;
  skip(deltaSeconds: number): void;
  next(): void;
  previous(): void;
  dismissError(): void;
  /** Playback speed (issue 14 item 5). */
  rate: number;
  setRate(rate: number): void;
  /** The armed sleep timer, and the one chosen last (offered again, never armed by itself). */
  sleep: SleepTimer | null;
  lastSleep: SleepChoice | null;
  /** Arms the sleep timer, or turns it off (null). */
  setSleep(choice: SleepChoice | null): void;
  /** The family's bedtime (null: none): within its hours a play arms its timer by itself. */
  setBedtime(rule: BedtimeRule | null): void;
}

export function usePlayer(): Player {
  const player = usePlayerContext();
  const s = useSyncExternalStore(player.subscribe, player.getSnapshot, idleSnapshot);
  return useMemo(
    () => ({
      current: s.current,
      isPlaying: s.isPlaying,
      currentTime: s.currentTime,
      duration: s.duration,
      error: s.error,
      hasNext: s.index >= 0 && s.index + 1 < s.queue.length,
      hasPrevious: s.index > 0,
      upNext: s.index >= 0 ? s.queue.slice(s.index + 1) : [],
      toggle: (track) => player.run((e) => e.toggle(track)),
      toggleAlbum: (albumKey, tracks) => player.run((e) => e.toggleAlbum(albumKey, tracks)),
      isCurrent: (trackId) => s.current?.id === trackId,
      playPause: () => player.run((e) => e.playPause()),
      seek: (seconds) => player.run((e) => e.seek(seconds)),
      skip: (delta) => player.run((e) => e.skip(delta)),
      next: () => player.run((e) => e.next()),
      previous: () => player.run((e) => e.previous()),
      dismissError: () => player.run((e) => e.dismissError()),
      rate: s.rate,
      setRate: (rate) => player.run((e) => e.setRate(rate)),
      sleep: s.sleep,
      lastSleep: s.lastSleep,
      setSleep: (choice) => player.run((e) => e.setSleep(choice)),
      setBedtime: (rule) => player.run((e) => e.setBedtime(rule)),
    }),
    [player, s],
  );
}
