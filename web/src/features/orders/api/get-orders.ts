import type { OrdersResponse } from '@storyhouse/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The query keys of the signed-in user's orders: `ordersKeys.all` covers every page. */
export const ordersKeys = {
  all: ['orders'] as const,
  page: (page: number) => ['orders', page] as const,
};

/** Spec §7 GET /crud/orders (filter_current_user=true, page): one page of the signed-in user's orders, newest first. */
export const getOrders = (page: number, signal?: AbortSignal) =>
  api<OrdersResponse>(`/crud/orders?${new URLSearchParams({ filter_current_user: 'true', page: String(page) })}`, { signal });

export const ordersQuery = (page: number) =>
  queryOptions({ queryKey: ordersKeys.page(page), queryFn: ({ signal }) => getOrders(page, signal) });

/** The previous page stays on screen while the next one loads, so paging does not flash empty. */
export const useOrders = (page: number) => useQuery({ ...ordersQuery(page), placeholderData: keepPreviousData });
