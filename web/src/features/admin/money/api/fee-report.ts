import type { FeeReport } from '@storyhouse/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { ReportRange } from './reports';

/** GET /crud/admin/giving-fee/report?from&to (decision 067): the days' gifts that covered the fee. */
export const useFeeReport = ({ from, to }: ReportRange) =>
  useQuery({
    queryKey: ['admin', 'reports', 'fee', from, to],
    queryFn: ({ signal }) => api<FeeReport>(`/crud/admin/giving-fee/report?${new URLSearchParams({ from, to })}`, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
