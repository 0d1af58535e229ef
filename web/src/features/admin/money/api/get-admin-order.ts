import type { AdminOrder } from '@storyhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { adminOrdersKeys } from '../../shared/api/get-admin-orders';

/** GET /crud/admin/orders/{id} (issue 29): everything about one order; 404 order_not_found. */
export const getAdminOrder = (id: number, signal?: AbortSignal) => api<AdminOrder>(`/crud/admin/orders/${id}`, { signal });

export const adminOrderQuery = (id: number) =>
  queryOptions({
    queryKey: adminOrdersKeys.order(id),
    queryFn: ({ signal }) => getAdminOrder(id, signal),
    retry: false,
  });

export const useAdminOrder = (id: number) => useQuery(adminOrderQuery(id));
