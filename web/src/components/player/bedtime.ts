import { withinHours } from '@storyhouse/contracts';
import type { SleepChoice } from './sleep-timer';

/** A family's bedtime as the player follows it (saved on the account: GET /crud/user/bedtime). */
export interface BedtimeRule {
  /** 'HH:MM', inclusive. */
  from: string;
  /** 'HH:MM', exclusive; before `from` when bedtime spans midnight. */
  to: string;
  /** IANA zone whose clock the hours are on. */
  timeZone: string;
  /** The timer armed by itself with a play within the hours. */
  timer: SleepChoice;
}

/**
 * Whether `nowMs` falls within bedtime on the family's clock: from `from`
 * up to (not including) `to`, across midnight when `to` comes first.
 */
export function withinBedtime(rule: Pick<BedtimeRule, 'from' | 'to' | 'timeZone'>, nowMs: number) {
  return withinHours(rule, nowMs);
}
