import { createContext, type ReactNode, use, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { BedtimeRule } from './bedtime';
import type { PlayerEngine } from './player-engine';
import { type AudioErrorKind, idleSnapshot as idle, type PlayerSnapshot, type QueueTrack } from './player-state';
import type { RepeatMode, StopAfter } from './queue';
import { hasVisitorQueue, type QueueOwner } from './queue-owner';
import type { SleepChoice, SleepTimer } from './sleep-timer';

export type { AudioErrorKind, QueueTrack } from './player-state';
export type { RepeatMode, StopAfter } from './queue';
export type { SleepChoice, SleepTimer } from './sleep-timer';

/**
 * The Player's methods that run the engine's method of the same name (at
 * once, or once it is loaded): a list rather than a function each keeps the
 * shell's first download small.
 */
const ACTIONS = [
  'toggle',
  'playFrom',
  'toggleAlbum',
  'playPause',
  'seek',
  'skip',
  'next',
  'previous',
  'dismissError',
  'setRate',
  'setSleep',
  'setBedtime',
  'playNext',
  'addToQueue',
  'moveUpNext',
  'removeUpNext',
  'clearUpNext',
  'playUpNext',
  'setRepeat',
  'setStopAfter',
] as const satisfies readonly (keyof PlayerEngine & keyof Player)[];
type Action = (typeof ACTIONS)[number];

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

  getPosition = () => this.getSnapshot().currentTime;

  getPausedAt = () => {
    const now = this.getSnapshot();
    return now.isPlaying ? null : now.currentTime;
  };

  private steady: PlayerSnapshot = idle;
  /**
   * The snapshot as of its last change other than the position's twice-a-second tick: what most of the page shows
   * (a track list's buttons, the bar's title), which need not render again while a track plays on. Whatever shows the
   * position reads it with usePlayerPosition.
   */
  getSteadySnapshot = (): PlayerSnapshot => {
    const now = this.getSnapshot();
    if (now !== this.steady && !sameButPosition(now, this.steady)) this.steady = now;
    return this.steady;
  };

  /** The Player's actions (ACTIONS), the same functions for the page's whole life. */
  readonly actions = Object.fromEntries(
    ACTIONS.map((name) => [
      name,
      (...args: unknown[]) => this.run((engine) => (engine[name] as (...a: unknown[]) => void)(...args)),
    ]),
  ) as Pick<Player, Action>;

  now = () => this.engine?.now() ?? 0;

  /** Makes the audio element within this click and loads the engine, playing nothing yet (Player.prepare). */
  prepare = () => this.run(() => undefined);

  /** Whether the engine is loaded or loading. */
  isWanted = () => this.loading !== null;

  private notify = () => {
    for (const l of this.listeners) l();
  };
}

/** Whether two snapshots differ in nothing but `currentTime` (their other fields compared as they are). */
function sameButPosition(a: PlayerSnapshot, b: PlayerSnapshot): boolean {
  for (const key of Object.keys(a) as (keyof PlayerSnapshot)[]) if (key !== 'currentTime' && a[key] !== b[key]) return false;
  return true;
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

/** The queue's owner for a session: the account's parents, or the child profile it speaks for (issue 42). */
export const queueOwnerOf = (userId: number, profileId: number | null | undefined): QueueOwner =>
  profileId == null ? userId : `${userId}:p${profileId}`;

/**
 * Tells the player who listens once the page knows (`owner`: the signed-in
 * account's id, null for a visitor, undefined while unknown), so their kept
 * queue comes back (queue-keeper.ts).
 */
export function usePlayerOwner(owner: QueueOwner | undefined) {
  const player = usePlayerContext();
  useEffect(() => {
    if (owner === undefined) return;
    // A visitor's first page with nothing kept on this device has no queue to bring back: the keeper, with the
    // contracts' schemas, is not loaded for it (it comes with the engine when something plays). Any later change of
    // owner (a sign-in, a sign-out) goes to the keeper.
    if (owner === null && !ownerTold && !hasVisitorQueue()) return;
    ownerTold = true;
    // The keeper loads on its own, never with the shell.
    import('./queue-keeper').then(
      (keeper) => keeper.comeBack(player, owner),
      () => undefined,
    );
  }, [player, owner]);
}
/** Whether the keeper has been told who listens on this page (usePlayerOwner). */
let ownerTold = false;

/** Whether something was played: the shell loads the player bar (with the engine) from then on. */
export function usePlayerWanted(): boolean {
  const player = usePlayerContext();
  return useSyncExternalStore(player.subscribe, player.isWanted, notWanted);
}

export interface Player {
  current: QueueTrack | null;
  isPlaying: boolean;
  duration: number;
  /** The audio's position this very moment, in seconds (usePlayerPosition's is refreshed twice a second). */
  now(): number;
  /** Pause/resume if `track` is current, else play it, then the rest of `album` when given (its tracks in order). */
  toggle(track: QueueTrack, album?: readonly QueueTrack[]): void;
  /** Plays `track` from `seconds` (then the rest of `album`); a preview ending before then plays from its start. */
  playFrom(track: QueueTrack, album: readonly QueueTrack[], seconds: number): void;
  /** Spec §4: pause/resume if one of the album's tracks is current, else queue `tracks` and play the first. */
  toggleAlbum(albumKey: string, tracks: QueueTrack[]): void;
  isCurrent(trackId: string): boolean;
  /**
   * Within a click that leads to a play on the next page ("Listen now", decision 071): the audio element is made
   * now, so browsers that want audio started within a click (Safari) let that play start.
   */
  prepare(): void;
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
  /** The family's bedtime (null: none): within its hours a play arms its timer by itself. */
  setBedtime(rule: BedtimeRule | null): void;
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

/**
 * The player, rendered again when what it plays or how changes, not at every tick of the position (issue 43: a page
 * of track lists re-rendered twice a second while a story played): a component that shows the position asks for it
 * with usePlayerPosition.
 */
export function usePlayer(): Player {
  const player = usePlayerContext();
  const steady = useSyncExternalStore(player.subscribe, player.getSteadySnapshot, idleSnapshot);
  return useMemo(() => {
    // The steady snapshot's position is that of its last change: not the player's to show (usePlayerPosition is).
    const { currentTime: _asOfLastChange, ...s } = steady;
    return {
      // The snapshot's fields as they are (current, isPlaying, …, upNext, repeat): one spread keeps the shell's first download small.
      ...s,
      hasPrevious: s.index > 0,
      isCurrent: (trackId: string) => s.current?.id === trackId,
      ...player.actions,
      now: player.now,
      prepare: player.prepare,
    };
  }, [player, steady]);
}

/**
 * The player's actions alone (play next, add to queue, …), the same functions for the page's whole life: a component
 * that only acts on the player never renders again when what plays changes (issue 43's bench: every track row's
 * queue buttons rendered again as a story started).
 */
export function usePlayerActions(): Pick<Player, Action> {
  return usePlayerContext().actions;
}

const noPosition = () => 0;

/** The playing track's position in seconds, as the player last reported it (twice a second while it plays). */
export function usePlayerPosition(): number {
  const player = usePlayerContext();
  return useSyncExternalStore(player.subscribe, player.getPosition, noPosition);
}

/** Where a paused track stands (a seek moves it), or null while it plays: what a view that follows the voice needs. */
export function usePausedAt(): number | null {
  const player = usePlayerContext();
  return useSyncExternalStore(player.subscribe, player.getPausedAt, noPausedAt);
}
const noPausedAt = () => null;
