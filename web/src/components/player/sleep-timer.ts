/**
 * The player's sleep timer and playback speed (issue 14 item 5, issue 41
 * item 5): the choices, their arithmetic, and how they are kept on this device.
 */

import { isSleepChoice, SLEEP_CHOICES, type SleepChoice } from '@storyhouse/contracts';

export { isSleepChoice, SLEEP_CHOICES, type SleepChoice };

/** An armed timer, as the player shows it. */
export interface SleepTimer {
  choice: SleepChoice;
  /** When a timer of minutes stops playback (epoch ms); null for one that counts tracks. */
  endsAt: number | null;
  /** Seconds left of a timer of minutes, rounded up (what the player shows as mm:ss); null for one that counts tracks. */
  secondsLeft: number | null;
  /** "End of the album": the album of the track that was playing when it was armed. */
  albumKey: string | null;
  /** For "end of this track" and "after N tracks": the tracks to hear to their end, the one playing counting. */
  tracksLeft: number | null;
  /** The volume is going down: playback stops in a few seconds. */
  fading: boolean;
  /** Armed by the family's bedtime with a play, not by a press: the player says so and offers to turn it off. */
  auto: boolean;
}

/** The minutes of a timer of minutes, else null. */
export const sleepMinutes = (choice: SleepChoice) => (/^\d+$/.test(choice) ? Number(choice) : null);

/** The tracks a timer counts ("end of this track" is one), else null (minutes, or the album). */
export const sleepTracks = (choice: SleepChoice) =>
  choice === 'track' ? 1 : choice.startsWith('tracks-') ? Number(choice.slice('tracks-'.length)) : null;

/** A timer chosen at `nowMs` while `current` plays (for the album it ends with). */
export function armSleep(choice: SleepChoice, nowMs: number, current: { albumKey?: string } | null, auto = false): SleepTimer {
  const minutes = sleepMinutes(choice);
  const endsAt = minutes === null ? null : nowMs + minutes * 60_000;
  return {
    choice,
    endsAt,
    secondsLeft: endsAt === null ? null : secondsLeft(endsAt, nowMs),
    albumKey: choice === 'album' ? (current?.albumKey ?? null) : null,
    tracksLeft: sleepTracks(choice),
    fading: false,
    auto,
  };
}

/** Whole seconds left until `endsAt`, rounded up: 0 once it is due. */
export const secondsLeft = (endsAt: number, nowMs: number) => Math.max(0, Math.ceil((endsAt - nowMs) / 1000));

/**
 * Whether the track playing is the last one a timer of tracks lets play:
 * its end stops playback. For the album: the next track is of another album
 * (or there is none). Never for a timer of minutes.
 */
export function endsWithThisTrack(timer: SleepTimer, next: { albumKey?: string } | undefined) {
  if (timer.endsAt !== null) return false;
  if (timer.choice === 'album') return !next || timer.albumKey === null || next.albumKey !== timer.albumKey;
  return timer.tracksLeft !== null && timer.tracksLeft <= 1;
}

/** When a track ended: 'stop' when it was the timer's last, else the timer counting one track fewer. */
export function afterTrackEnded(timer: SleepTimer, next: { albumKey?: string } | undefined): SleepTimer | 'stop' {
  if (endsWithThisTrack(timer, next)) return 'stop';
  return timer.tracksLeft === null ? timer : { ...timer, tracksLeft: timer.tracksLeft - 1 };
}

/** Where the recording is: what a timer of tracks reads to know how long its last track has left. */
export interface SleepPosition {
  currentTime: number;
  duration: number;
  rate: number;
}

/**
 * Milliseconds until the timer stops playback: the clock for a timer of
 * minutes; what the last track has left (at its speed) for one of tracks;
 * Infinity before that last track or while its length is unknown.
 */
export function msUntilStop(
  timer: SleepTimer,
  nowMs: number,
  position: SleepPosition,
  next: { albumKey?: string } | undefined,
): number {
  if (timer.endsAt !== null) return Math.max(0, timer.endsAt - nowMs);
  if (!endsWithThisTrack(timer, next) || !(position.duration > 0)) return Number.POSITIVE_INFINITY;
  return (Math.max(0, position.duration - position.currentTime) * 1000) / (position.rate > 0 ? position.rate : 1);
}

/** The sound fades out over the timer's last 10 seconds: it is silent when the timer ends, not after. */
export const FADE_MS = 10_000;

/** The share of the volume left `msLeft` before the timer ends: 1 until its last 10 s, then evenly down to 0. */
export const fadeLevel = (msLeft: number) => Math.min(1, Math.max(0, msLeft / FADE_MS));

/** Playback speeds offered (audio.playbackRate; the pitch stays natural). */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5] as const;

export const isPlaybackRate = (value: number) => (PLAYBACK_RATES as readonly number[]).includes(value);

// Kept on this device (like the shop's layout for a visitor): a family's
// listening habits belong to the tablet at bedtime more than to the account.
const RATE_KEY = 'storyhouse.player.speed';
const SLEEP_KEY = 'storyhouse.player.sleep';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage may be disabled (private mode): the defaults apply.
    return null;
  }
}

function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage may be disabled (private mode); the choice then lasts this visit.
  }
}

/** The speed chosen on an earlier visit, else 1. */
export function storedRate(): number {
  const rate = Number(read(RATE_KEY));
  return isPlaybackRate(rate) ? rate : 1;
}

export const storeRate = (rate: number) => write(RATE_KEY, String(rate));

/**
 * The timer chosen last, on this visit or an earlier one. It is only offered
 * again (marked as last used), never armed by itself: a timer left from last
 * night's bedtime story must not stop this afternoon's listening.
 */
export function storedSleepChoice(): SleepChoice | null {
  const choice = read(SLEEP_KEY);
  return isSleepChoice(choice) ? choice : null;
}

export const storeSleepChoice = (choice: SleepChoice) => write(SLEEP_KEY, choice);
