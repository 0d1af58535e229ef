import type { ReportInterval } from '@storyhouse/contracts';
import { useMemo } from 'react';
import { useI18n } from '../../../lib/i18n';

/** A report day (YYYY-MM-DD) as a moment: its midnight in UTC, as the server counts report days. */
const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * The reports' days in the site language, read in UTC (the server's days):
 * a day, a period of the table ("November 2026", or the day a week or a day
 * starts), and the chart's period labels, short, the year on the first one
 * and wherever it changes.
 */
export function usePeriodWords(interval: ReportInterval) {
  const { lang } = useI18n();
  return useMemo(() => {
    const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(lang, { ...options, timeZone: 'UTC' });
    const dayFormat = format({ dateStyle: 'medium' });
    const periodFormat = interval === 'month' ? format({ month: 'long', year: 'numeric' }) : dayFormat;
    const short: Intl.DateTimeFormatOptions = interval === 'month' ? { month: 'short' } : { day: 'numeric', month: 'short' };
    const tickFormat = format(short);
    const tickWithYear = format({ ...short, year: 'numeric' });
    return {
      day: (day: string) => dayFormat.format(utc(day)),
      period: (start: string) => periodFormat.format(utc(start)),
      ticks: (starts: string[]) =>
        starts.map((start, i) => {
          const withYear = i === 0 || start.slice(0, 4) !== starts[i - 1]?.slice(0, 4);
          return (withYear ? tickWithYear : tickFormat).format(utc(start));
        }),
    };
  }, [lang, interval]);
}
