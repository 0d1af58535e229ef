/** A playable file. `id` is unique per file (`preview:123`, `full:123`); `url` is its stream. */
export interface QueueTrack {
  id: string;
  title: string;
  url: string;
  /** Tracks of one album share it, so an album button can tell its tracks are playing (spec §4). */
  albumKey?: string;
  /** Only a preview of the recording plays (track-format.ts playsInFull): the player bar says so. */
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
  resume?: { skuId: number; positionSeconds: number };
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
}

/** Spec §9: audio jump 15 s; progress refresh 0.5 s. */
export const JUMP_SECONDS = 15;
export const PROGRESS_REFRESH_MS = 500;

function errorKind(error: MediaError | null): AudioErrorKind {
  switch (error?.code) {
    case MediaError.MEDIA_ERR_ABORTED:
      return 'aborted';
    case MediaError.MEDIA_ERR_NETWORK:
      return 'network';
    case MediaError.MEDIA_ERR_DECODE:
      return 'decode';
    case MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED:
      return 'unsupported';
    default:
      return 'unknown';
  }
}

const finite = (n: number) => (Number.isFinite(n) ? n : 0);

/**
 * The one audio element of the app and its queue (spec §3 Audio state, §4
 * Audio queue). It lives outside React so page navigation never touches it;
 * the provider exposes its snapshot through useSyncExternalStore.
 */
export class PlayerEngine {
  private readonly audio: HTMLAudioElement;
  private snapshot: PlayerSnapshot = {
    current: null,
    queue: [],
    index: -1,
    isPlaying: false,
    currentTime: 0,
    duration: 0,
    error: null,
  };
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setInterval> | undefined;

  /** `audio`: an element made within the click that asked for the engine (see player.tsx). */
  constructor(audio: HTMLAudioElement = new Audio()) {
    this.audio = audio;
    this.audio.preload = 'metadata';
    const on: Record<string, () => void> = {
      play: () => {
        this.update({ isPlaying: true, error: null });
        this.startProgress();
      },
      pause: () => {
        this.stopProgress();
        this.update({ isPlaying: false, ...this.position() });
      },
      ended: () => this.onEnded(),
      error: () => {
        this.stopProgress();
        this.update({ isPlaying: false, error: errorKind(this.audio.error) });
      },
      // A paused seek or freshly loaded metadata shows at once, not on the next tick.
      loadedmetadata: () => this.update(this.position()),
      durationchange: () => this.update(this.position()),
      seeked: () => this.update(this.position()),
    };
    for (const [type, fn] of Object.entries(on)) this.audio.addEventListener(type, fn);
    this.setupMediaSession();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.snapshot;

  /** Pause/resume when `track` is current, else play it alone. */
  toggle(track: QueueTrack) {
    if (this.snapshot.current?.id === track.id) this.playPause();
    else this.playQueue([track], 0);
  }

  /** Spec §4: pause/resume when one of the album's tracks is current, else queue them and play the first. */
  toggleAlbum(albumKey: string, tracks: readonly QueueTrack[]) {
    const current = this.snapshot.current;
    if (current && (current.albumKey === albumKey || tracks.some((t) => t.id === current.id))) this.playPause();
    else if (tracks.length > 0) this.playQueue(tracks, 0);
  }

  playPause() {
    if (!this.snapshot.current) return;
    if (this.snapshot.isPlaying) this.audio.pause();
    else this.resume();
  }

  resume() {
    const { current, error } = this.snapshot;
    if (!current) return;
    // After an error the element holds no usable source: load it again.
    if (error) this.audio.src = current.url;
    this.play();
  }

  pause() {
    this.audio.pause();
  }

  seek(seconds: number) {
    if (!this.snapshot.current) return;
    const duration = finite(this.audio.duration);
    const to = Math.max(0, duration > 0 ? Math.min(seconds, duration) : seconds);
    this.audio.currentTime = to;
    this.update({ currentTime: to });
  }

  skip(deltaSeconds: number) {
    this.seek(finite(this.audio.currentTime) + deltaSeconds);
  }

  next() {
    const { queue, index } = this.snapshot;
    if (index >= 0 && index + 1 < queue.length) this.playQueue(queue, index + 1);
  }

  previous() {
    const { queue, index } = this.snapshot;
    if (index > 0) this.playQueue(queue, index - 1);
  }

  dismissError() {
    this.update({ error: null });
  }

  private playQueue(queue: readonly QueueTrack[], index: number) {
    const track = queue[index];
    if (!track) return;
    this.audio.src = track.url;
    this.update({ current: track, queue, index, currentTime: 0, duration: 0, error: null });
    this.updateMediaMetadata(track);
    this.play();
  }

  private play() {
    // A rejected play() (a source that fails, a newer src, autoplay rules)
    // is reported by the element's own error and pause events.
    this.audio.play().catch(() => undefined);
  }

  private onEnded() {
    this.stopProgress();
    const { queue, index } = this.snapshot;
    if (index >= 0 && index + 1 < queue.length) {
      this.playQueue(queue, index + 1);
      return;
    }
    // Spec §4: at the end of the queue the queue is cleared; the last track stays loaded.
    this.update({ isPlaying: false, queue: [], index: -1, ...this.position() });
  }

  private position() {
    return { currentTime: finite(this.audio.currentTime), duration: finite(this.audio.duration) };
  }

  private startProgress() {
    this.stopProgress();
    this.timer = setInterval(() => this.update(this.position()), PROGRESS_REFRESH_MS);
  }

  private stopProgress() {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  private update(patch: Partial<PlayerSnapshot>) {
    const prev = this.snapshot;
    const changed = (Object.keys(patch) as (keyof PlayerSnapshot)[]).some((k) => patch[k] !== prev[k]);
    if (!changed) return;
    this.snapshot = { ...prev, ...patch };
    this.syncMediaSession(prev);
    for (const l of this.listeners) l();
  }

  // Media Session: lock-screen and headset controls (issue 3 item 6).

  private setupMediaSession() {
    const session = navigator.mediaSession;
    if (!session) return;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => this.resume()],
      ['pause', () => this.pause()],
      ['seekbackward', (d) => this.skip(-(d.seekOffset ?? JUMP_SECONDS))],
      ['seekforward', (d) => this.skip(d.seekOffset ?? JUMP_SECONDS)],
      ['seekto', (d) => d.seekTime !== undefined && this.seek(d.seekTime)],
    ];
    for (const [action, handler] of handlers) this.setActionHandler(action, handler);
  }

  private setActionHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
    try {
      navigator.mediaSession.setActionHandler(action, handler);
    } catch {
      // A browser that does not know this action simply does not offer it.
    }
  }

  private updateMediaMetadata(track: QueueTrack) {
    if (!navigator.mediaSession || typeof MediaMetadata === 'undefined') return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title: track.title,
      album: track.album ?? '',
      artwork: track.artwork ? [{ src: new URL(track.artwork, window.location.origin).href }] : [],
    });
  }

  private syncMediaSession(prev: PlayerSnapshot) {
    const session = navigator.mediaSession;
    if (!session) return;
    const s = this.snapshot;
    if (s.isPlaying !== prev.isPlaying) session.playbackState = s.isPlaying ? 'playing' : 'paused';
    if (s.queue !== prev.queue || s.index !== prev.index) {
      const hasNext = s.index >= 0 && s.index + 1 < s.queue.length;
      this.setActionHandler('nexttrack', hasNext ? () => this.next() : null);
      this.setActionHandler('previoustrack', s.index > 0 ? () => this.previous() : null);
    }
    if (s.duration > 0 && (s.currentTime !== prev.currentTime || s.duration !== prev.duration)) {
      try {
        session.setPositionState({ duration: s.duration, position: Math.min(s.currentTime, s.duration), playbackRate: 1 });
      } catch {
        // Position state is best effort; an inconsistent pair is simply skipped.
      }
    }
  }
}
