import type { Order } from '@storyhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /crud/orders/{orderId}: one of the signed-in user's orders; another user's or an unknown one is 404 order_not_found. */
export const getOrder = (orderId: number, signal?: AbortSignal) => api<Order>(`/crud/orders/${orderId}`, { signal });

/**
 * Under the orders' key, so cancelling a donation or a new order refreshes
 * it. Not retried: a 404 is an answer, not a hiccup.
 */
export const orderQuery = (orderId: number) =>
  queryOptions({ queryKey: ['orders', 'one', orderId], queryFn: ({ signal }) => getOrder(orderId, signal), retry: false });

export const useOrder = (orderId: number) => useQuery(orderQuery(orderId));
