import { text } from './text-fields';

/** A calendar day as a date field sends it (YYYY-MM-DD), and one that exists (not 2026-02-31). */
export const CalendarDay = text()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid')
  .refine(isCalendarDay, 'validation.invalid');

export function isCalendarDay(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Whole days from one calendar day to another (0 when the same, negative when inverted). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
