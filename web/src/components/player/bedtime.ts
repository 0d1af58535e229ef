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

const minutesOf = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The minute of the day (0–1439) that a clock in `timeZone` shows at `nowMs`. */
export function minuteOfDay(nowMs: number, timeZone: string) {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clocks.set(timeZone, clock);
  }
  const parts = clock.formatToParts(nowMs);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/**
 * Whether `nowMs` falls within bedtime on the family's clock: from `from`
 * up to (not including) `to`, across midnight when `to` comes first.
 */
export function withinBedtime(rule: Pick<BedtimeRule, 'from' | 'to' | 'timeZone'>, nowMs: number) {
  const now = minuteOfDay(nowMs, rule.timeZone);
  const from = minutesOf(rule.from);
  const to = minutesOf(rule.to);
  return from < to ? now >= from && now < to : now >= from || now < to;
}
