import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { childTimeRefusal } from './child-rules';
import { familyDay, minutesOf, nightOf, withinHours } from './family-clock';

const at = (iso: string) => Date.parse(iso);
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const leo = { from: '19:30', to: '07:00', timeZone: 'America/New_York' };

describe('quiet hours on the family clock', () => {
  it('spans midnight in the family zone, whatever the server zone', () => {
    // 20:30 in New York (EST, UTC-5) is 01:30 UTC the next day.
    expect(withinHours(leo, at('2026-01-16T01:30:00Z'))).toBe(true);
    expect(withinHours(leo, at('2026-01-15T23:59:00Z'))).toBe(false); // 18:59
    expect(withinHours(leo, at('2026-01-16T00:30:00Z'))).toBe(true); // 19:30, inclusive
    expect(withinHours(leo, at('2026-01-16T11:59:00Z'))).toBe(true); // 06:59
    expect(withinHours(leo, at('2026-01-16T12:00:00Z'))).toBe(false); // 07:00, exclusive
    // Summer time moves the UTC hours, not the family's.
    expect(withinHours(leo, at('2026-07-16T00:30:00Z'))).toBe(true); // 20:30 EDT
  });

  it('is within exactly the minutes from `from` up to `to`, around the clock', () => {
    fc.assert(
      fc.property(fc.nat(1439), fc.nat(1439), fc.nat(1439), (from, to, now) => {
        fc.pre(from !== to);
        const hours = { from: hhmm(from), to: hhmm(to), timeZone: 'UTC' };
        const nowMs = Date.UTC(2026, 2, 1) + now * 60_000;
        const expected = from < to ? now >= from && now < to : now >= from || now < to;
        expect(withinHours(hours, nowMs)).toBe(expected);
        expect(minutesOf(hours.from)).toBe(from);
      }),
    );
  });

  it('names the night by the day it began on: past midnight belongs to the day before', () => {
    expect(nightOf(leo, at('2026-01-16T01:30:00Z'))).toBe('2026-01-15'); // 20:30 on the 15th
    expect(nightOf(leo, at('2026-01-16T08:00:00Z'))).toBe('2026-01-15'); // 03:00 on the 16th
    expect(nightOf(leo, at('2026-01-16T13:00:00Z'))).toBe('2026-01-16'); // 08:00, daytime
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 14 * 60 }), (minutesAfterStart) => {
        // Every moment of one night (19:30 to 07:00 the next morning) names the same night.
        const start = at('2026-03-02T00:30:00Z'); // 19:30 EST on March 1
        const nowMs = start + minutesAfterStart * 60_000;
        fc.pre(withinHours(leo, nowMs));
        expect(nightOf(leo, nowMs)).toBe('2026-03-01');
      }),
    );
  });

  it("counts a day by the family's calendar", () => {
    expect(familyDay(at('2026-01-16T03:00:00Z'), 'America/New_York')).toBe('2026-01-15');
    expect(familyDay(at('2026-01-16T03:00:00Z'), 'Europe/Moscow')).toBe('2026-01-16');
  });
});

describe("a child's time refusal", () => {
  const rules = {
    quiet: { from: '19:30', to: '07:00', time_zone: 'America/New_York' },
    daily_limit_minutes: 30,
    listened_today_seconds: 0,
    one_more: null,
  };
  const evening = at('2026-01-16T01:30:00Z');
  const noon = at('2026-01-16T17:00:00Z');

  it('refuses quiet hours first, then the daily limit, and lets the one more story play while it lasts', () => {
    expect(childTimeRefusal(rules, 7, noon)).toBeNull();
    expect(childTimeRefusal(rules, 7, evening)).toBe('quiet_time');
    expect(childTimeRefusal({ ...rules, listened_today_seconds: 1800 }, 7, noon)).toBe('daily_limit_reached');
    const oneMore = { ...rules, one_more: { sku_id: 7, until: new Date(evening + 60_000).toISOString() } };
    expect(childTimeRefusal(oneMore, 7, evening)).toBeNull();
    expect(childTimeRefusal(oneMore, 8, evening)).toBe('quiet_time');
    expect(childTimeRefusal(oneMore, 7, evening + 120_000)).toBe('quiet_time');
  });
});
