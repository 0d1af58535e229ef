import { createContext, type ReactNode, use, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { PlayerEngine } from './player-engine';
import { type AudioErrorKind, idleSnapshot as idle, type PlayerSnapshot, type QueueTrack } from './player-state';
import { nextIndex, type RepeatMode, type StopAfter, upNextOf } from './queue';
import type { QueueOwner } from './queue-keeper';
import type { SleepChoice, SleepTimer } from './sleep-timer';

export type { AudioErrorKind, QueueTrack } from './player-state';
export type { RepeatMode, StopAfter } from './queue';
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

  /** Who is signed in, once known (undefined before). */
  private owner: QueueOwner | undefined = undefined;

  /**
   * The page learnt who listens (signed in or not): the queue kept for them
   * on the device or the server comes back, loaded and paused, and the
   * player loads for it; signing out forgets the account's queue on this
   * device. The keeper loads on its own, never with the shell.
   */
  setOwner(owner: QueueOwner) {
    if (owner === this.owner) return;
    const previous = this.owner;
    this.owner = owner;
    import('./queue-keeper').then(
      async ({ findQueue, forgetDeviceQueue }) => {
        if (typeof previous === 'number') forgetDeviceQueue(previous);
        const kept = await findQueue(owner);
        if (this.owner !== owner) return;
        if (kept || this.engine) this.run((engine) => engine.adoptOwner(owner, kept));
      },
      () => undefined,
    );
  }

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

/**
 * Tells the player who listens once the page knows (`owner`: the signed-in
 * account's id, null for a visitor, undefined while unknown), so their kept
 * queue comes back (queue-keeper.ts).
 */
export function usePlayerOwner(owner: QueueOwner | undefined) {
  const player = usePlayerContext();
  useEffect(() => {
    if (owner !== undefined) player.setOwner(owner);
  }, [player, owner]);
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
  /** Pause/resume if `track` is current, else play it, then the rest of `album` when given (its tracks in order). */
  toggle(track: QueueTrack, album?: readonly QueueTrack[]): void;
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
  /** Playback speed (issue 14 item 5). */
  rate: number;
  setRate(rate: number): void;
  /** The armed sleep timer, and the one chosen last (offered again, never armed by itself). */
  sleep: SleepTimer | null;
  lastSleep: SleepChoice | null;
  /** Arms the sleep timer, or turns it off (null). */
  setSleep(choice: SleepChoice | null): void;
  // The queue (issue 41 item 3, components/player/queue.ts).
  /** The tracks after the current one: the rest of the album, then what the family added. */
  upNext: readonly QueueTrack[];
  repeat: RepeatMode;
  stopAfter: StopAfter | null;
  /** After the current track (moved there when already queued); with nothing loaded, the first is loaded, paused. */
  playNext(tracks: readonly QueueTrack[]): void;
  /** At the end of Up next. */
  addToQueue(tracks: readonly QueueTrack[]): void;
  /** Positions in `upNext`. */
  moveUpNext(from: number, to: number): void;
  removeUpNext(at: number): void;
  clearUpNext(): void;
  /** Plays `upNext[at]` now. */
  playUpNext(at: number): void;
  setRepeat(mode: RepeatMode): void;
  setStopAfter(stopAfter: StopAfter | null): void;
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
      hasNext: nextIndex({ tracks: s.queue, index: s.index }, s.repeat) >= 0,
      hasPrevious: s.index > 0,
      toggle: (track, album) => player.run((e) => e.toggle(track, album)),
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
      upNext: upNextOf({ tracks: s.queue, index: s.index }),
      repeat: s.repeat,
      stopAfter: s.stopAfter,
      playNext: (tracks) => player.run((e) => e.playNext(tracks)),
      addToQueue: (tracks) => player.run((e) => e.addToQueue(tracks)),
      moveUpNext: (from, to) => player.run((e) => e.moveUpNext(from, to)),
      removeUpNext: (at) => player.run((e) => e.removeUpNext(at)),
      clearUpNext: () => player.run((e) => e.clearUpNext()),
      playUpNext: (at) => player.run((e) => e.playUpNext(at)),
      setRepeat: (mode) => player.run((e) => e.setRepeat(mode)),
      setStopAfter: (stopAfter) => player.run((e) => e.setStopAfter(stopAfter)),
    }),
    [player, s],
  );
}
