import type { AdminOrderFilter, AdminOrdersResponse } from '@storyhouse/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** What the orders list shows: the address bar's filters (orders-query.ts reads and writes them). */
export interface AdminOrdersFilters {
  filter: AdminOrderFilter;
  from: string;
  to: string;
  search: string;
  page: number;
}

/** The query keys of the back office's orders: `all` covers every list and order page. */
export const adminOrdersKeys = {
  all: ['admin', 'orders'] as const,
  list: (f: AdminOrdersFilters) => ['admin', 'orders', 'list', f] as const,
  order: (id: number) => ['admin', 'orders', 'one', id] as const,
};

/** GET /crud/admin/orders (issue 29): one page of orders, newest first; empty filters are left out. */
export function getAdminOrders(f: AdminOrdersFilters, signal?: AbortSignal) {
  const params = new URLSearchParams({ filter: f.filter, page: String(f.page) });
  if (f.from) params.set('from', f.from);
  if (f.to) params.set('to', f.to);
  if (f.search) params.set('search', f.search);
  return api<AdminOrdersResponse>(`/crud/admin/orders?${params}`, { signal });
}

export const adminOrdersQuery = (f: AdminOrdersFilters) =>
  queryOptions({
    queryKey: adminOrdersKeys.list(f),
    queryFn: ({ signal }) => getAdminOrders(f, signal),
    // A refusal (403, a bad date) is shown, not tried again.
    retry: false,
  });

/** The previous page stays on screen while the next one loads, so paging and filtering do not flash empty. */
export const useAdminOrders = (f: AdminOrdersFilters) => useQuery({ ...adminOrdersQuery(f), placeholderData: keepPreviousData });
