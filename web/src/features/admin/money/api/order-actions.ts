import type { AdminOrder, OrderNoteBody, RefundOrderBody, ShipOrderBody } from '@storyhouse/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { adminOrdersKeys } from '../../shared/api/get-admin-orders';

/**
 * POST /crud/admin/orders/{id}/ship (issue 29 item 2): the parcel left, with
 * its carrier and tracking when known; again, it updates them. 409
 * order_not_shippable (digital only) or order_not_paid.
 */
export const shipOrder = (id: number, body: ShipOrderBody) =>
  api<AdminOrder>(`/crud/admin/orders/${id}/ship`, { method: 'POST', body });

/** POST /crud/admin/orders/{id}/receipt: the receipt e-mail is queued again (the timeline shows it). */
export const resendReceipt = (id: number) => api<AdminOrder>(`/crud/admin/orders/${id}/receipt`, { method: 'POST' });

/**
 * POST /crud/admin/orders/{id}/refund: some lines (their skus), an amount, or
 * (`{}`) the whole order. 409 refund_too_large, refund_in_progress,
 * refund_lines_invalid, order_not_paid; 503 payment_service_unavailable
 * (the refund is left pending and the server finishes it).
 */
export const refundOrder = (id: number, body: RefundOrderBody) =>
  api<AdminOrder>(`/crud/admin/orders/${id}/refund`, { method: 'POST', body });

/** PUT /crud/admin/orders/{id}/note: the team's note replaced ('' removes it); the audit log keeps the one before. */
export const saveOrderNote = (id: number, body: OrderNoteBody) =>
  api<AdminOrder>(`/crud/admin/orders/${id}/note`, { method: 'PUT', body });

/**
 * An action on an order answers the order as it now is: the order page
 * shows it at once; the lists (its fulfilment, "to ship" counts) and the
 * audit log are read again.
 */
function useOrderAction<V>(id: number, action: (vars: V) => Promise<AdminOrder>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (order) => {
      client.setQueryData(adminOrdersKeys.order(id), order);
      void client.invalidateQueries({ queryKey: adminOrdersKeys.all, predicate: (q) => q.queryKey[2] !== 'one' });
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
    // A refusal may come of a change made meanwhile (a refund under way, left pending): the order is read again.
    onError: () => void client.invalidateQueries({ queryKey: adminOrdersKeys.order(id) }),
  });
}

export const useShipOrder = (id: number) => useOrderAction(id, (body: ShipOrderBody) => shipOrder(id, body));
export const useResendReceipt = (id: number) => useOrderAction(id, () => resendReceipt(id));
export const useRefundOrder = (id: number) => useOrderAction(id, (body: RefundOrderBody) => refundOrder(id, body));
export const useSaveOrderNote = (id: number) => useOrderAction(id, (body: OrderNoteBody) => saveOrderNote(id, body));
