import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ordersKeys } from './get-orders';

/** Spec §7 DELETE /crud/recurring-donations/{id}: ends a monthly donation at once (its owner only; 204). */
export const cancelRecurringDonation = (id: number) => api<void>(`/crud/recurring-donations/${id}`, { method: 'DELETE' });

/** Cancels donation `id`; afterwards every page of orders is read again, so the item reads Cancelled wherever it shows. */
export function useCancelRecurringDonation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => cancelRecurringDonation(id),
    onSuccess: () => client.invalidateQueries({ queryKey: ordersKeys.all }),
  });
}
