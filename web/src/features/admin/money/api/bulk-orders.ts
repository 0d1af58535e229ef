import type { BulkShipBody, BulkShipResponse } from '@storyhouse/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, apiErrorOf, withSiteFlag } from '../../../../lib/api-client';
import { adminOrdersKeys } from '../../shared/api/get-admin-orders';

/**
 * GET /crud/admin/orders/packing-slips?ids=… (decision 062): the orders'
 * packing slips as one PDF, a page each. 409 packing_slip_not_printable
 * names an order that has none (not paid, or nothing to post); nothing is
 * printed then.
 */
export async function getPackingSlips(ids: readonly number[]): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(withSiteFlag(`/crud/admin/orders/packing-slips?ids=${ids.join(',')}`), {
      credentials: 'same-origin',
      headers: { accept: 'application/pdf, application/json' },
    });
  } catch {
    throw new ApiError(0, 'network', '');
  }
  if (!response.ok) throw apiErrorOf(response.status, await response.json().catch(() => null));
  return response.blob();
}

/** Printing slips reads the orders and records the print in their timelines: their pages are read again. */
export function usePackingSlips() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: getPackingSlips,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminOrdersKeys.all, predicate: (q) => q.queryKey[2] === 'one' });
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

/**
 * POST /crud/admin/orders/ship: several orders marked shipped, one carrier
 * and a tracking number each; answers what became of each order (shipped,
 * or why not, in the site's language).
 */
export const shipOrders = (body: BulkShipBody) => api<BulkShipResponse>('/crud/admin/orders/ship', { method: 'POST', body });

/** After a bulk Mark shipped every list and order page is read again, and the audit log. */
export function useShipOrders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: shipOrders,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: adminOrdersKeys.all });
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
