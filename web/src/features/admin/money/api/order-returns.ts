import type { AdminOrderReturns, RecordReturnBody } from '@storyhouse/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { adminOrdersKeys } from '../../shared/api/get-admin-orders';

/** The order's returns, under the orders' keys: an action on the order (shipping it) reads them again. */
const returnsKey = (id: number) => [...adminOrdersKeys.all, 'returns', id] as const;

/** GET /crud/admin/orders/{id}/returns (decision 061): its CDs and books, what came back, the reasons offered. */
export const useOrderReturns = (id: number) =>
  useQuery({
    queryKey: returnsKey(id),
    queryFn: ({ signal }) => api<AdminOrderReturns>(`/crud/admin/orders/${id}/returns`, { signal }),
    retry: false,
  });

/**
 * A change of the order's returns answers them as they now are; the order
 * (its refunds, timeline, state), the lists and the audit log are read again.
 */
function useReturnsChange<V>(id: number, send: (vars: V) => Promise<AdminOrderReturns>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (returns) => {
      client.setQueryData(returnsKey(id), returns);
      void client.invalidateQueries({ queryKey: adminOrdersKeys.all, predicate: (q) => q.queryKey[2] !== 'returns' });
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
    // A refusal may come of a change made meanwhile (another volunteer's return or refund): read again.
    onError: () => void client.invalidateQueries({ queryKey: adminOrdersKeys.all }),
  });
}

/** POST /crud/admin/orders/{id}/returns: 409 return_not_shipped, return_lines_invalid; 400 return_reason_unknown. */
export const useRecordReturn = (id: number) =>
  useReturnsChange(id, (body: RecordReturnBody) =>
    api<AdminOrderReturns>(`/crud/admin/orders/${id}/returns`, { method: 'POST', body }),
  );

/** POST /crud/admin/orders/{id}/returns/{returnId}/refund: once per return (409 return_already_refunded). */
export const useRefundReturn = (id: number) =>
  useReturnsChange(id, (returnId: number) =>
    api<AdminOrderReturns>(`/crud/admin/orders/${id}/returns/${returnId}/refund`, { method: 'POST' }),
  );
