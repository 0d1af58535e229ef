import type { RecoveryReport } from '@storyhouse/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { ReportRange } from './reports';

/** GET /crud/admin/recovery?from&to (decision 070): renewals that failed in the days, recovered, still at risk. */
export const useRecoveryReport = ({ from, to }: ReportRange) =>
  useQuery({
    queryKey: ['admin', 'reports', 'recovery', from, to],
    queryFn: ({ signal }) => api<RecoveryReport>(`/crud/admin/recovery?${new URLSearchParams({ from, to })}`, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
