/**
 * Times on a family's clock (issue 41 bedtime, issue 42 quiet hours and the daily limit): the hours are the
 * clock's of the family's IANA zone, wherever the device or the server is. One home for both sides.
 */

const clocks = new Map<string, Intl.DateTimeFormat>();

function clockOf(timeZone: string) {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  return clock;
}

function partsOf(nowMs: number, timeZone: string) {
  const parts = clockOf(timeZone).formatToParts(nowMs);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    minute: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

/** 'HH:MM' as minutes since midnight. */
export const minutesOf = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};

/** The minute of the day (0–1439) that a clock in `timeZone` shows at `nowMs`. */
export function minuteOfDay(nowMs: number, timeZone: string) {
  return partsOf(nowMs, timeZone).minute;
}

/** The calendar day (YYYY-MM-DD) a clock in `timeZone` shows at `nowMs`: the family's day. */
export function familyDay(nowMs: number, timeZone: string) {
  const p = partsOf(nowMs, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** Hours on a family's clock: from `from` ('HH:MM', inclusive) up to `to` (exclusive), across midnight when `to` comes first. */
export interface ClockHours {
  from: string;
  to: string;
  timeZone: string;
}

/** Whether `nowMs` falls within the hours (the same from and to: all day). */
export function withinHours(hours: ClockHours, nowMs: number) {
  const now = minuteOfDay(nowMs, hours.timeZone);
  const from = minutesOf(hours.from);
  const to = minutesOf(hours.to);
  return from < to ? now >= from && now < to : now >= from || now < to;
}

/** The day before a calendar day (YYYY-MM-DD). */
function dayBefore(day: string) {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * The night that `nowMs` belongs to, named by the family's day it began on: hours spanning midnight that are
 * past midnight (01:00 in 19:30–07:00) belong to the night of the day before. Outside the hours, today.
 */
export function nightOf(hours: ClockHours, nowMs: number) {
  const today = familyDay(nowMs, hours.timeZone);
  const spansMidnight = minutesOf(hours.to) <= minutesOf(hours.from);
  if (spansMidnight && minuteOfDay(nowMs, hours.timeZone) < minutesOf(hours.to)) return dayBefore(today);
  return today;
}
