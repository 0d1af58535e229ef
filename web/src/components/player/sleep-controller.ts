import { type BedtimeRule, withinBedtime } from './bedtime';
import {
  afterTrackEnded,
  armSleep,
  FADE_MS,
  fadeLevel,
  msUntilStop,
  type SleepChoice,
  type SleepTimer,
  secondsLeft,
} from './sleep-timer';

/** What the timer reads and does of the audio element. */
export interface SleepAudio {
  volume: number;
  readonly currentTime: number;
  readonly duration: number;
  readonly playbackRate: number;
  readonly paused: boolean;
  readonly ended: boolean;
  pause(): void;
}

/** The engine around the timer: its audio, the track playing and the next, and where the timer is shown. */
export interface SleepHost {
  audio: SleepAudio;
  /** The track playing (for the album a timer ends with) and the one the queue plays next. */
  tracks(): { current: { albumKey?: string } | null; next: { albumKey?: string } | undefined };
  /** The timer changed (armed, counted, fading, ended): the player shows it. */
  changed(sleep: SleepTimer | null): void;
}

/** How often an armed timer looks at the clock and the recording: often enough for an even fade. */
export const SLEEP_TICK_MS = 250;

/**
 * The sleep timer (issue 41 item 5): counts minutes on the clock (paused or
 * not, as a bedside timer does) or tracks to their end; over its last 10 s
 * the volume goes down evenly to silence, and playback stops as the timer
 * ends, the volume put back for the next play. With a family's bedtime
 * (setBedtime), any play within its hours arms the bedtime timer by itself,
 * unless the listener turned that off earlier in the same bedtime.
 */
export class SleepController {
  private timer: SleepTimer | null = null;
  private interval: ReturnType<typeof setInterval> | undefined;
  /** The volume before the fade began, put back when the timer ends. */
  private fadeFrom: number | null = null;
  private bedtime: BedtimeRule | null = null;
  /** The listener turned the bedtime timer off: not armed again by itself until bedtime is over. */
  private bedtimeDismissed = false;

  constructor(private readonly host: SleepHost) {}

  get current() {
    return this.timer;
  }

  /** Arms a timer (a fresh count on every choice), or turns it off (null). */
  arm(choice: SleepChoice | null, auto = false) {
    if (choice === null && this.timer?.auto) this.bedtimeDismissed = true;
    this.end();
    if (choice === null) return;
    this.set(armSleep(choice, Date.now(), this.host.tracks().current, auto));
    this.interval = setInterval(() => this.tick(), SLEEP_TICK_MS);
  }

  /**
   * The family's bedtime, or null (signed out, or off); checked at once when
   * something is playing. Bedtime turned off ends the timer it armed (not one chosen by hand).
   */
  setBedtime(rule: BedtimeRule | null) {
    this.bedtime = rule;
    if (!rule && this.timer?.auto) this.end();
    if (!this.host.audio.paused) this.played();
  }

  /** Playback started: within bedtime, the bedtime timer starts with it unless one is armed. */
  played() {
    const rule = this.bedtime;
    if (!rule || !withinBedtime(rule, Date.now())) {
      this.bedtimeDismissed = false;
      return;
    }
    if (!this.timer && !this.bedtimeDismissed) this.arm(rule.timer, true);
  }

  /** Playback paused: by the listener during the fade, that ends the timer there (the end of a track is not a pause). */
  paused() {
    if (this.timer?.fading && !this.host.audio.ended) this.end();
  }

  /** A track ended: whether playback stops here (the timer's last track) rather than going on. */
  trackEnded(): boolean {
    const timer = this.timer;
    if (!timer) return false;
    const after = afterTrackEnded(timer, this.host.tracks().next);
    if (after === 'stop') {
      this.end();
      return true;
    }
    this.set(after);
    return false;
  }

  /** Disarms the timer, putting the volume back. */
  end() {
    if (this.interval !== undefined) clearInterval(this.interval);
    this.interval = undefined;
    if (this.fadeFrom !== null) this.host.audio.volume = this.fadeFrom;
    this.fadeFrom = null;
    this.set(null);
  }

  private tick() {
    const timer = this.timer;
    if (!timer) return;
    const { audio } = this.host;
    const now = Date.now();
    const position = { currentTime: audio.currentTime, duration: audio.duration, rate: audio.playbackRate };
    const left = msUntilStop(timer, now, position, this.host.tracks().next);
    if (timer.endsAt !== null && left <= 0) {
      // Due: playback stops (the pause event shows it, and the lock screen with it); due while paused, it just ends.
      if (!audio.paused) audio.pause();
      this.end();
      return;
    }
    const fading = !audio.paused && left < FADE_MS;
    if (fading) {
      // (iOS Safari ignores audio.volume: there playback simply stops as the timer ends.)
      this.fadeFrom ??= audio.volume;
      audio.volume = this.fadeFrom * fadeLevel(left);
    } else if (this.fadeFrom !== null && left >= FADE_MS) {
      // Sought back out of the last seconds: full volume again.
      audio.volume = this.fadeFrom;
      this.fadeFrom = null;
    }
    const seconds = timer.endsAt === null ? null : secondsLeft(timer.endsAt, now);
    if (seconds !== timer.secondsLeft || fading !== timer.fading) this.set({ ...timer, secondsLeft: seconds, fading });
  }

  private set(timer: SleepTimer | null) {
    if (timer === this.timer) return;
    this.timer = timer;
    this.host.changed(timer);
  }
}
