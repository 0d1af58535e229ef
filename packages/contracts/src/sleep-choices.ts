/*
 * The sleep timer's choices, apart from the bedtime schemas (bedtime.ts): the player's sleep timer needs them, not zod
 * (issue 46).
 */

/** Minutes a sleep timer can count down. */
export const SLEEP_MINUTES = [5, 10, 15, 30, 45, 60] as const;
/** "After N tracks" offers 2 up to this many (one track is "end of this track"). */
export const SLEEP_MAX_TRACKS = 10;

type Minutes = `${(typeof SLEEP_MINUTES)[number]}`;
type Tracks = `tracks-${2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10}`;

/**
 * A sleep timer's choice: a number of minutes ('5'…'60'), the end of the track
 * playing ('track'), the end of its album ('album'), or after N tracks
 * ('tracks-N', the track playing counting as the first).
 */
export type SleepChoice = Minutes | 'track' | 'album' | Tracks;

/** Every choice, in the order the menu offers them: minutes, then tracks. */
export const SLEEP_CHOICES: readonly SleepChoice[] = [
  ...SLEEP_MINUTES.map((m) => `${m}` as Minutes),
  'track',
  'album',
  ...Array.from({ length: SLEEP_MAX_TRACKS - 1 }, (_, i) => `tracks-${i + 2}` as Tracks),
];

export const isSleepChoice = (value: unknown): value is SleepChoice => SLEEP_CHOICES.includes(value as SleepChoice);
