/**
 * The player's sleep timer and playback speed (issue 14 item 5): the choices,
 * their arithmetic, and how they are kept on this device.
 */

/** A number of minutes, or the end of the track playing. */
export const SLEEP_CHOICES = ['15', '30', '45', 'track'] as const;
export type SleepChoice = (typeof SLEEP_CHOICES)[number];

export const isSleepChoice = (value: unknown): value is SleepChoice => SLEEP_CHOICES.includes(value as SleepChoice);

/** An armed timer: `endsAt` (epoch ms) for a number of minutes, null for the end of the track. */
export interface SleepTimer {
  choice: SleepChoice;
  endsAt: number | null;
  /** Whole minutes left, rounded up (what the bar shows); null for the end of the track. */
  minutesLeft: number | null;
  /** The volume is going down: playback pauses in a moment. */
  fading: boolean;
}

/** When a timer chosen at `nowMs` fires: null for the end of the track. */
export function sleepEndsAt(choice: SleepChoice, nowMs: number): number | null {
  return choice === 'track' ? null : nowMs + Number(choice) * 60_000;
}

/** Whole minutes left until `endsAt`, rounded up: 15 right after choosing 15, 1 in its last minute, 0 once it is due. */
export const minutesLeft = (endsAt: number, nowMs: number) => Math.max(0, Math.ceil((endsAt - nowMs) / 60_000));

/** How long the volume takes to go from where it was to silence when the timer fires. */
export const FADE_MS = 5_000;

/** The share of the volume left `elapsedMs` into the fade: 1 at its start, 0 at its end, falling evenly. */
export const fadeLevel = (elapsedMs: number) => Math.min(1, Math.max(0, 1 - elapsedMs / FADE_MS));

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
