import { z } from 'zod';
import { isSleepChoice, type SleepChoice } from './sleep-choices';
import { text } from './text-fields';

/** An IANA time zone this runtime knows ('Europe/Madrid'); a zone name is at most 64 characters in practice. */
export function isTimeZone(zone: string) {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A time of day as the family's clock shows it, 'HH:MM' on 24 hours. */
export const TimeOfDay = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.bedtimeTime' });

const bedtimeFields = {
  /** The default timer starts by itself with any play between `from` and `to`, and Now Playing dims then. */
  enabled: z.boolean(),
  /** When bedtime starts (inclusive), in `time_zone`. */
  from: TimeOfDay,
  /** When it ends (exclusive); earlier than `from` when it spans midnight (19:30–07:00). */
  to: TimeOfDay,
  /** The family's IANA time zone: the hours are its clock's, wherever the device is. */
  time_zone: text().refine(isTimeZone, { error: 'validation.bedtimeTimeZone' }),
  /** The sleep timer armed by itself at bedtime. */
  timer: text().refine(isSleepChoice, { error: 'validation.invalid' }),
};

/** PUT /crud/user/bedtime: a family's bedtime (issue 41 item 5); the hours must not be the same time. */
export const BedtimeInput = z.strictObject(bedtimeFields).refine((b) => b.from !== b.to, {
  error: 'validation.bedtimeSameHours',
  path: ['to'],
});
export type BedtimeInput = Omit<z.infer<typeof BedtimeInput>, 'timer'> & { timer: SleepChoice };

/**
 * GET/PUT /crud/user/bedtime. `time_zone` is null until the family first
 * saves (the form then offers the device's own zone).
 */
export const BedtimeResponse = z.object({ ...bedtimeFields, time_zone: z.string().nullable() }).meta({ id: 'Bedtime' });
export type BedtimeResponse = Omit<z.infer<typeof BedtimeResponse>, 'timer'> & { timer: SleepChoice };

/** What a family that never saved its bedtime gets: off, 19:30–07:00, a 30-minute timer. */
export const defaultBedtime: BedtimeResponse = { enabled: false, from: '19:30', to: '07:00', time_zone: null, timer: '30' };
