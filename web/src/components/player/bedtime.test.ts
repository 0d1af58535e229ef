import { minuteOfDay } from '@storyhouse/contracts';
import { describe, expect, it } from 'vitest';
import { withinBedtime } from './bedtime';

describe('bedtime hours', () => {
  const chicago = { from: '19:30', to: '07:00', timeZone: 'America/Chicago' };
  // 2026-01-15: Chicago is UTC-6 (CST); 2026-07-15: UTC-5 (CDT).
  const winter = (h: number, m = 0) => Date.UTC(2026, 0, 15, h + 6, m);
  const summer = (h: number, m = 0) => Date.UTC(2026, 6, 15, h + 5, m);

  it('reads the family’s clock, not the device’s', () => {
    expect(minuteOfDay(winter(19, 30), 'America/Chicago')).toBe(19 * 60 + 30);
    expect(minuteOfDay(winter(19, 30), 'Europe/Moscow')).toBe(4 * 60 + 30);
    expect(minuteOfDay(Date.UTC(2026, 0, 15, 0, 0), 'UTC')).toBe(0);
  });

  it('spans midnight: from 19:30 up to (not including) 07:00, summer and winter', () => {
    for (const at of [winter, summer]) {
      expect(withinBedtime(chicago, at(19, 29))).toBe(false);
      expect(withinBedtime(chicago, at(19, 30))).toBe(true);
      expect(withinBedtime(chicago, at(23, 59))).toBe(true);
      expect(withinBedtime(chicago, at(0, 0))).toBe(true);
      expect(withinBedtime(chicago, at(6, 59))).toBe(true);
      expect(withinBedtime(chicago, at(7, 0))).toBe(false);
      expect(withinBedtime(chicago, at(12, 0))).toBe(false);
    }
    // Chicago's late morning is bedtime (20:00) for a family in Moscow.
    expect(withinBedtime(chicago, winter(11))).toBe(false);
    expect(withinBedtime({ ...chicago, timeZone: 'Europe/Moscow' }, winter(11))).toBe(true);
  });

  it('within one day when it ends after it starts (a nap)', () => {
    const nap = { from: '13:00', to: '15:30', timeZone: 'America/Chicago' };
    expect(withinBedtime(nap, winter(12, 59))).toBe(false);
    expect(withinBedtime(nap, winter(13, 0))).toBe(true);
    expect(withinBedtime(nap, winter(15, 29))).toBe(true);
    expect(withinBedtime(nap, winter(15, 30))).toBe(false);
    expect(withinBedtime(nap, winter(23, 0))).toBe(false);
  });
});
