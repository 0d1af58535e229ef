import { ReportInterval, ReportQuery } from '@storyhouse/contracts';
import type { MessageKey } from '@storyhouse/i18n';
import { listHref } from '../shared/list-params';
import type { ReportRange } from './api/reports';

/** Today as the server counts report days (UTC), YYYY-MM-DD. */
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** The reports' days when the address names none: the last twelve months by month, from the 1st of the month 11 months ago to today (UTC). */
export function defaultReportRange(now = new Date()): ReportRange {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  return { from: utcDay(from), to: utcDay(now), interval: 'month' };
}

/**
 * The reports' days as the address has them (?from=&to=&interval=), each
 * missing or unreadable one its default. A range the server would refuse
 * (inverted, too long) is kept as it is: the form says what to change.
 */
export function readReportRange(params: URLSearchParams, defaults = defaultReportRange()): ReportRange {
  const interval = ReportInterval.safeParse(params.get('interval'));
  const day = (name: 'from' | 'to') => {
    const value = params.get(name) ?? '';
    return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : defaults[name];
  };
  return { from: day('from'), to: day('to'), interval: interval.success ? interval.data : defaults.interval };
}

/** The address of the reports of these days; the default ones left out, so the plain page is the last twelve months. */
export const reportsHref = (path: string, range: ReportRange, defaults = defaultReportRange()) =>
  listHref(path, { ...range }, { ...defaults });

export type RangeErrors = Partial<Record<keyof ReportRange, MessageKey>>;

/**
 * What the server would refuse in these days, by field, as catalog keys: the
 * contract's own check (ReportQuery), so the form and the API agree on the
 * day that is wrong, too far back or day by day over more than a year.
 */
export function rangeErrors(range: ReportRange): RangeErrors {
  const parsed = ReportQuery.safeParse(range);
  const errors: RangeErrors = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'from' || field === 'to' || field === 'interval') && !errors[field]) {
      // A date field left empty: "Required" rather than the contract's "Invalid".
      errors[field] = field !== 'interval' && range[field] === '' ? 'validation.required' : (issue.message as MessageKey);
    }
  }
  return errors;
}
