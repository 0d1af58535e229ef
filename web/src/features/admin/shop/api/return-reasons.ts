import type { ReturnReason, ReturnReasonBody, ReturnReasonsResponse } from '@storyhouse/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** Every query that shows the reasons: this page's list, and each order's Returns card (its reasons to choose from). */
const reasonsKey = ['admin', 'return-reasons'] as const;

/** GET /crud/admin/return-reasons (decision 061): offered ones in their order, then retired ones. */
export const useReturnReasons = () =>
  useQuery({
    queryKey: reasonsKey,
    queryFn: ({ signal }) => api<ReturnReasonsResponse>('/crud/admin/return-reasons', { signal }),
    retry: false,
  });

/** After a change: the list, the orders' Returns cards and the audit log are read again. */
function useReasonChange<V>(send: (vars: V) => Promise<ReturnReason>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: reasonsKey });
      void client.invalidateQueries({ queryKey: ['admin', 'orders'] });
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

/** POST /crud/admin/return-reasons: a new reason, offered last (a 400 names the field). */
export const useAddReturnReason = () =>
  useReasonChange((body: ReturnReasonBody) => api<ReturnReason>('/crud/admin/return-reasons', { method: 'POST', body }));

/** PUT /crud/admin/return-reasons/{id}: its titles in English, Spanish and Russian. */
export const useRenameReturnReason = (id: number) =>
  useReasonChange((body: ReturnReasonBody) => api<ReturnReason>(`/crud/admin/return-reasons/${id}`, { method: 'PUT', body }));

/** POST /crud/admin/return-reasons/{id}/retire: no longer offered. */
export const useRetireReturnReason = (id: number) =>
  useReasonChange(() => api<ReturnReason>(`/crud/admin/return-reasons/${id}/retire`, { method: 'POST' }));
