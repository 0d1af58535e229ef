import type { AdminOverview } from '@storyhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** GET /crud/admin/overview (issue 44 §1): the to-do list and the money of today and this month. */
export const adminOverviewQuery = () =>
  queryOptions({
    queryKey: ['admin', 'overview'] as const,
    queryFn: ({ signal }) => api<AdminOverview>('/crud/admin/overview', { signal }),
    retry: false,
  });

export const useAdminOverview = () => useQuery(adminOverviewQuery());
