import { imageWidths, type ListeningQueue } from '@storyhouse/contracts';
import { resizeImage } from '../catalogue/api/resize-image';
import type { BedtimeRule } from './bedtime';
import { resumeStart, startWithin } from './listening';
import { mayPlay } from './play-gate';
import { type AudioErrorKind, idleSnapshot, type PlayerSnapshot, type QueueTrack } from './player-state';
import { ProgressKeeper } from './progress-keeper';
import {
  addToQueue,
  afterEnd,
  clearUpNext,
  moveInUpNext,
  nextIndex,
  playNext,
  type QueueState,
  type RepeatMode,
  removeFromUpNext,
  type StopAfter,
  upNextOf,
} from './queue';
import { QueueKeeper, type QueueOwner } from './queue-keeper';
import { fromKept, toKept } from './queue-kept';
import { SleepController } from './sleep-controller';
import { isPlaybackRate, type SleepChoice, storedRate, storedSleepChoice, storeRate, storeSleepChoice } from './sleep-timer';

export type { AudioErrorKind, PlayerSnapshot, QueueTrack } from './player-state';

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
  private snapshot: PlayerSnapshot = idleSnapshot;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly progress = new ProgressKeeper();
  /** Where the loading recording starts once its duration is known (QueueTrack.resume, or playFrom's sentence). */
  private startAt: number | null = null;
  /** `startAt` is a sentence asked for (playFrom), not a kept place: it is kept to the recording's last seconds. */
  private startExact = false;
  private readonly sleep: SleepController;
  private readonly queueKeeper = new QueueKeeper();
  /** A track loaded paused (a kept queue, a "stop after") and not played since: it has no place of its own to save. */
  private unheard = false;
  /** The last play was refused (play-gate.ts): the element's failed load of the refused stream is no audio error. */
  private refused = false;

  /** `audio`: an element made within the click that asked for the engine (see player.tsx). */
  constructor(audio: HTMLAudioElement = new Audio()) {
    this.audio = audio;
    this.audio.preload = 'metadata';
    // A new source resets playbackRate to defaultPlaybackRate: both carry the chosen speed.
    const rate = storedRate();
    this.audio.defaultPlaybackRate = rate;
    this.audio.playbackRate = rate;
    this.snapshot = { ...this.snapshot, rate, lastSleep: storedSleepChoice() };
    this.sleep = new SleepController({
      audio: this.audio,
      tracks: () => ({ current: this.snapshot.current, next: this.snapshot.queue[this.snapshot.index + 1] }),
      changed: (sleep) => this.update({ sleep }),
    });
    const on: Record<string, () => void> = {
      play: () => {
        this.unheard = false;
        this.update({ isPlaying: true, error: null });
        this.progress.playing();
        this.startProgress();
        this.sleep.played();
      },
      pause: () => {
        this.stopProgress();
        this.sleep.paused();
        this.update({ isPlaying: false, ...this.position() });
        // The end of a recording also pauses it: `ended` saves that.
        if (!this.audio.ended) {
          this.saveProgress();
          this.keepQueue();
        }
      },
      ended: () => this.onEnded(),
      error: () => {
        this.stopProgress();
        if (this.refused) {
          this.update({ isPlaying: false });
          return;
        }
        this.startAt = null;
        this.update({ isPlaying: false, error: errorKind(this.audio.error) });
      },
      // A paused seek or freshly loaded metadata shows at once, not on the next tick.
      loadedmetadata: () => {
        this.resumeWhereStopped();
        this.update(this.position());
      },
      durationchange: () => this.update(this.position()),
      seeked: () => this.update(this.position()),
      ratechange: () => this.update({ rate: this.audio.playbackRate }),
    };
    for (const [type, fn] of Object.entries(on)) this.audio.addEventListener(type, fn);
    // Leaving the page, or a phone putting it away (it may never come back to say so): save the place now.
    const leaving = () => {
      this.saveProgress(true);
      if (this.snapshot.isPlaying) this.keepQueue();
    };
    window.addEventListener('pagehide', leaving);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') leaving();
    });
    this.setupMediaSession();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.snapshot;

  /** Pause/resume when `track` is current, else play it, then the rest of `album` when it is one of its tracks. */
  toggle(track: QueueTrack, album: readonly QueueTrack[] = []) {
    const { current, queue, index } = this.snapshot;
    if (current?.id === track.id) {
      // Only brought back from the kept queue, never played here: it starts at the place the page knows now (Continue
      // listening, the album's data), which may be later than the queue's, heard on another device meanwhile.
      if (this.unheard && track.resume) {
        const withFresher = queue.map((t, i) => (i === index ? track : t));
        this.playQueue(withFresher, index);
      } else this.playPause();
    } else {
      const at = album.findIndex((t) => t.id === track.id);
      if (at >= 0) this.playQueue(album, at);
      else this.playQueue([track], 0);
    }
  }

  /**
   * Plays `track` from `seconds` (a sentence search found), then the rest of `album` when it is one of its tracks.
   * Past the end of what it is (a preview shorter than the sentence's place), it plays from its start.
   */
  playFrom(track: QueueTrack, album: readonly QueueTrack[], seconds: number) {
    const { current, error, isPlaying } = this.snapshot;
    if (current?.id === track.id && !error) {
      // No saved place to jump to once the metadata is known: this one is asked for.
      this.startAt = null;
      this.seek(startWithin(seconds, finite(this.audio.duration)));
      if (!isPlaying) this.play();
      return;
    }
    const at = album.findIndex((t) => t.id === track.id);
    if (at >= 0) this.playQueue(album, at, seconds);
    else this.playQueue([track], 0, seconds);
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
    const { queue, index, repeat } = this.snapshot;
    const to = nextIndex({ tracks: queue, index }, repeat);
    if (to >= 0) this.playQueue(queue, to);
  }

  previous() {
    const { queue, index } = this.snapshot;
    if (index > 0) this.playQueue(queue, index - 1);
  }

  // The queue (issue 41 item 3): queue.ts decides, the engine applies and keeps it.

  /** "Play next": after the current track; with nothing loaded they become the queue, the first loaded, paused. */
  playNext(tracks: readonly QueueTrack[]) {
    this.editQueue(playNext(this.queueState(), tracks));
  }

  /** "Add to queue": at the end of Up next. */
  addToQueue(tracks: readonly QueueTrack[]) {
    this.editQueue(addToQueue(this.queueState(), tracks));
  }

  /** Positions are in Up next (upNextOf). */
  moveUpNext(from: number, to: number) {
    this.editQueue(moveInUpNext(this.queueState(), from, to));
  }

  removeUpNext(at: number) {
    this.editQueue(removeFromUpNext(this.queueState(), at));
  }

  clearUpNext() {
    this.editQueue(clearUpNext(this.queueState()));
  }

  /** Plays Up next's track at `at` now. */
  playUpNext(at: number) {
    const { queue, index } = this.snapshot;
    if (index >= 0 && at >= 0 && index + 1 + at < queue.length) this.playQueue(queue, index + 1 + at);
  }

  setRepeat(repeat: RepeatMode) {
    this.update({ repeat });
    this.keepQueue();
  }

  setStopAfter(stopAfter: StopAfter | null) {
    this.update({ stopAfter });
    this.keepQueue();
  }

  /**
   * The queue now belongs to `owner` (the page learnt who is signed in), and
   * `kept` is the newest queue kept for them. Another account, or signing
   * out, stops and empties the player: a shared device does not show one
   * family's queue to the next. A kept queue comes back loaded and paused,
   * unless something is loaded already; that is then kept for the new owner.
   */
  adoptOwner(owner: QueueOwner, kept: ListeningQueue | null) {
    const previous = this.queueKeeper.currentOwner;
    if (owner === previous && !kept) return;
    this.queueKeeper.setOwner(owner);
    if (previous !== null && owner !== previous) this.unload();
    // Something the listener chose before the page knew who they are wins over what was kept.
    if (kept && kept.index >= 0 && !this.snapshot.current) this.restore(kept);
    else if (this.snapshot.current) this.keepQueue();
  }

  /** Comes back to a kept queue: its current track loaded at its place, paused (nothing plays without a press). */
  private restore(kept: ListeningQueue) {
    const { tracks, index, positionSeconds } = fromKept(kept);
    this.update({ repeat: kept.repeat, stopAfter: kept.stop_after });
    this.loadPaused(tracks, index, positionSeconds);
  }

  /** Nothing loaded. */
  private unload() {
    this.audio.pause();
    this.audio.removeAttribute('src');
    this.audio.load();
    this.startAt = null;
    // The idle player, the listener's speed, sleep timer and repeat kept.
    const { rate, sleep, lastSleep, repeat, ...nothing } = idleSnapshot;
    this.update(nothing);
  }

  private queueState(): QueueState {
    return { tracks: this.snapshot.queue, index: this.snapshot.index };
  }

  /** An edit of the queue: with nothing loaded before, its first track is loaded, paused. */
  private editQueue({ tracks, index }: QueueState) {
    if (tracks === this.snapshot.queue) return;
    if (this.snapshot.index < 0 && index >= 0) this.loadPaused(tracks, index);
    else this.update({ queue: tracks, index });
    this.keepQueue();
  }

  /** Loads `tracks[index]` without playing it. */
  private loadPaused(tracks: readonly QueueTrack[], index: number, startAt: number | null = null) {
    const track = tracks[index];
    if (!track) return;
    this.saveProgress();
    this.audio.pause();
    this.unheard = true;
    this.startAt = track.resume ? this.progress.startOf(track.resume) : startAt;
    this.startExact = false;
    this.audio.src = track.url;
    this.update({
      current: track,
      queue: tracks,
      index,
      isPlaying: false,
      currentTime: this.startAt ?? 0,
      duration: 0,
      error: null,
    });
    this.updateMediaMetadata(track);
  }

  /** Keeps the queue as it is now, on the device and for a signed-in family on the server (queue-keeper.ts). */
  private keepQueue() {
    const s = this.snapshot;
    this.queueKeeper.save(
      toKept(this.queueState(), {
        positionSeconds: this.startAt ?? finite(this.audio.currentTime),
        repeat: s.repeat,
        stopAfter: s.stopAfter,
        changedAt: new Date(),
      }),
    );
  }

  dismissError() {
    this.update({ error: null });
  }

  /** Playback speed, one of sleep-timer.ts PLAYBACK_RATES; kept for the next visit. */
  setRate(rate: number) {
    if (!isPlaybackRate(rate)) return;
    this.audio.defaultPlaybackRate = rate;
    this.audio.playbackRate = rate;
    storeRate(rate);
    this.update({ rate });
  }

  /** Arms the sleep timer (a fresh count on every choice), or turns it off (null): sleep-controller.ts. */
  setSleep(choice: SleepChoice | null) {
    if (choice !== null) {
      storeSleepChoice(choice);
      this.update({ lastSleep: choice });
    }
    this.sleep.arm(choice);
  }

  /** The family's bedtime (null: none): within its hours any play arms its timer by itself. */
  setBedtime(rule: BedtimeRule | null) {
    this.sleep.setBedtime(rule);
  }

  /** Plays `queue[index]`: from `from` seconds when given, else from the listener's place in it (or its start). */
  private playQueue(queue: readonly QueueTrack[], index: number, from: number | null = null) {
    const track = queue[index];
    if (!track) return;
    // The recording being left: its place is saved before the element forgets it.
    this.saveProgress();
    this.startAt = from ?? (track.resume ? this.progress.startOf(track.resume) : null);
    this.startExact = from !== null;
    this.audio.src = track.url;
    this.update({ current: track, queue, index, currentTime: 0, duration: 0, error: null });
    this.updateMediaMetadata(track);
    this.play();
    this.keepQueue();
  }

  private play() {
    const current = this.snapshot.current;
    if (!mayPlay(current)) {
      // Quiet hours or the daily limit (issue 42): the child's screen says so; nothing plays.
      this.refused = true;
      this.audio.pause();
      this.update({ isPlaying: false });
      return;
    }
    if (this.refused && current) {
      // The refused stream failed to load: allowed now (one more story), it loads again.
      this.refused = false;
      this.audio.src = current.url;
      this.update({ error: null });
    }
    // A rejected play() (a source that fails, a newer src, autoplay rules)
    // is reported by the element's own error and pause events.
    this.audio.play().catch(() => undefined);
  }

  /** Once the loading recording's duration is known: to its saved place, unless that was (nearly) its end. */
  private resumeWhereStopped() {
    if (this.startAt === null) return;
    const duration = finite(this.audio.duration);
    const start = this.startExact ? startWithin(this.startAt, duration) : resumeStart(this.startAt, duration);
    this.startAt = null;
    if (start > 0) this.audio.currentTime = start;
  }

  /** Saves the current recording's place now, when it is kept (QueueTrack.resume) and its duration is known. */
  private saveProgress(leaving = false) {
    const resume = this.snapshot.current?.resume;
    // A track only loaded would save the kept queue's place as a new one, over a newer one from another device.
    if (this.unheard) return;
    // Before the metadata (and the jump to the saved place) the element's position says nothing.
    if (!resume || this.startAt !== null || !(this.audio.duration > 0)) return;
    this.progress.save(resume, finite(this.audio.currentTime), leaving);
  }

  private onEnded() {
    this.stopProgress();
    // The real end position: the server counts its last seconds as finished.
    this.saveProgress();
    const { queue, index } = this.snapshot;
    if (this.sleep.trackEnded()) {
      // The sleep timer's last track: it stops here instead of going on; the queue stays for the next play.
      this.update({ isPlaying: false, ...this.position() });
      return;
    }
    const then = afterEnd({ tracks: queue, index }, this.snapshot.repeat, this.snapshot.stopAfter);
    if (then.kind === 'play') {
      this.playQueue(queue, then.index);
      return;
    }
    if (then.kind === 'stop') {
      // "Stop after" is done once; the track after it waits, paused, for the next press.
      this.update({ stopAfter: null, isPlaying: false, ...this.position() });
      if (then.index !== index) this.loadPaused(queue, then.index);
      this.keepQueue();
      return;
    }
    // Spec §4: at the end of the queue the queue is cleared; the last track stays loaded. A timer counting tracks ends with it.
    if (this.sleep.current?.endsAt === null) this.sleep.end();
    this.update({ isPlaying: false, queue: [], index: -1, ...this.position() });
    this.keepQueue();
  }

  /** Where the audio is this very moment (the snapshot's currentTime lags): the read-along follows it frame by frame. */
  now(): number {
    return finite(this.audio.currentTime);
  }

  private position() {
    return { currentTime: finite(this.audio.currentTime), duration: finite(this.audio.duration) };
  }

  private startProgress() {
    this.stopProgress();
    this.timer = setInterval(() => {
      const position = this.position();
      this.update(position);
      const resume = this.snapshot.current?.resume;
      if (resume && this.startAt === null && position.duration > 0) this.progress.tick(resume, position.currentTime);
    }, PROGRESS_REFRESH_MS);
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
    const { queue, index, repeat } = this.snapshot;
    if (queue !== prev.queue || index !== prev.index || repeat !== prev.repeat) {
      this.snapshot.upNext = upNextOf({ tracks: queue, index });
      this.snapshot.hasNext = nextIndex({ tracks: queue, index }, repeat) >= 0;
    }
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
      // A headset's or a car's stop: pause, keeping the place (the next play goes on from it).
      ['stop', () => this.pause()],
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

  /** Each cover's lock-screen artwork, asked for once per visit (see updateMediaMetadata). */
  private readonly artwork = new Map<string, Promise<MediaImage[]>>();

  /**
   * The lock screen's title, album and cover. The cover is the smallest resized copy of the album's cover (the
   * width a cover is shown at), not the stored original: the browser decodes media-session artwork on the page's
   * main thread, and a 1,200-pixel JPEG there was a long task on a phone at every first play (issue 43's bench).
   * The title shows at once; the cover follows when its copy is known, unless another track came first. Without
   * the copy (offline, say) the original.
   */
  private updateMediaMetadata(track: QueueTrack) {
    if (!navigator.mediaSession || typeof MediaMetadata === 'undefined') return;
    const text = { title: track.title, album: track.album ?? '' };
    navigator.mediaSession.metadata = new MediaMetadata({ ...text, artwork: [] });
    const cover = track.artwork;
    if (!cover) return;
    // Asked for in a task of its own: the play's task is already the most of a phone's frame (issue 43's bench).
    setTimeout(() => {
      if (this.snapshot.current !== track) return;
      this.artworkOf(cover).then((artwork) => {
        if (this.snapshot.current === track) navigator.mediaSession.metadata = new MediaMetadata({ ...text, artwork });
      });
    });
  }

  private artworkOf(cover: string): Promise<MediaImage[]> {
    const original = (): MediaImage[] => [{ src: new URL(cover, window.location.origin).href }];
    let artwork = this.artwork.get(cover);
    if (!artwork) {
      const width = imageWidths.cover[0];
      artwork = resizeImage(cover, [width]).then(
        ([copy]) =>
          copy
            ? [{ src: new URL(copy.resized_url, window.location.origin).href, sizes: `${width}x${width}`, type: 'image/webp' }]
            : original(),
        () => {
          this.artwork.delete(cover);
          return original();
        },
      );
      this.artwork.set(cover, artwork);
    }
    return artwork;
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
    if (s.duration > 0 && (s.currentTime !== prev.currentTime || s.duration !== prev.duration || s.rate !== prev.rate)) {
      try {
        session.setPositionState({
          duration: s.duration,
          position: Math.min(s.currentTime, s.duration),
          playbackRate: s.rate,
        });
      } catch {
        // Position state is best effort; an inconsistent pair is simply skipped.
      }
    }
  }
}
