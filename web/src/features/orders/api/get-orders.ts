import type { OrdersResponse } from '@storyhouse/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { firstData } from '../../../lib/first-data';

/** The query keys of the signed-in user's orders: `ordersKeys.all` covers every page. */
export const ordersKeys = {
  all: ['orders'] as const,
  page: (page: number) => ['orders', page] as const,
};

/** Spec §7 GET /crud/orders (filter_current_user=true, page): one page of the signed-in user's orders, newest first. */
const ordersPath = (page: number) => `/crud/orders?${new URLSearchParams({ filter_current_user: 'true', page: String(page) })}`;

export const getOrders = (page: number, signal?: AbortSignal) => api<OrdersResponse>(ordersPath(page), { signal });

/** A signed-in family's page arrives with its orders (issue 27): the first render takes them from there. */
export const ordersQuery = (page: number) =>
  queryOptions({
    queryKey: ordersKeys.page(page),
    queryFn: ({ signal }) => getOrders(page, signal),
    ...firstData<OrdersResponse>(ordersPath(page)),
  });

/** The previous page stays on screen while the next one loads, so paging does not flash empty. */
export const useOrders = (page: number) => useQuery({ ...ordersQuery(page), placeholderData: keepPreviousData });
