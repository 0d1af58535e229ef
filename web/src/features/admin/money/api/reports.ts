import type { ReportInterval, ReportName, Reports } from '@storyhouse/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** The days of the reports (from and to included, YYYY-MM-DD) and how the sales report groups them. */
export interface ReportRange {
  from: string;
  to: string;
  interval: ReportInterval;
}

/**
 * The address of a report (issue 29 item 5): GET /crud/admin/reports/{name}
 * ?from&to&interval, and with `csv` the same rows as a spreadsheet to download.
 * Only the sales report groups its days: the others are asked without an
 * interval, so choosing weeks reloads sales alone.
 */
export function reportHref(name: ReportName, { from, to, interval }: ReportRange, format?: 'csv'): string {
  const query = new URLSearchParams({ from, to });
  if (name === 'sales') query.set('interval', interval);
  if (format) query.set('format', format);
  return `/crud/admin/reports/${name}?${query}`;
}

export const reportQuery = <N extends ReportName>(name: N, range: ReportRange) =>
  queryOptions({
    queryKey: ['admin', 'reports', name, range.from, range.to, ...(name === 'sales' ? [range.interval] : [])],
    queryFn: ({ signal }) => api<Reports[N]>(reportHref(name, range), { signal }),
    retry: false,
  });

/** A report of these days; while the next days load, the last ones stay on the page. Nothing is asked while `enabled` is false. */
const useReport = <N extends ReportName>(name: N, range: ReportRange, enabled: boolean) =>
  useQuery({ ...reportQuery(name, range), placeholderData: keepPreviousData, enabled });

export const useSalesReport = (range: ReportRange, enabled = true) => useReport('sales', range, enabled);
export const useKindsReport = (range: ReportRange, enabled = true) => useReport('kinds', range, enabled);
export const useSitesReport = (range: ReportRange, enabled = true) => useReport('sites', range, enabled);
export const useCouponsReport = (range: ReportRange, enabled = true) => useReport('coupons', range, enabled);
export const useRefundsReport = (range: ReportRange, enabled = true) => useReport('refunds', range, enabled);
