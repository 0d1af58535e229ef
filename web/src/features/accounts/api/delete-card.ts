import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedCardsKey } from '../../../components/payments/api/get-saved-cards';
import { api } from '../../../lib/api-client';

/** DELETE /crud/stripe/customer/card/{id} (spec §7 Payments): removes one of the user's saved cards. */
export const deleteCard = (cardId: string) =>
  api<void>(`/crud/stripe/customer/card/${encodeURIComponent(cardId)}`, { method: 'DELETE' });

/** Deletes a card; the card lists are asked again whether it went or not (another tab may have removed it). */
export function useDeleteCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCard,
    onSettled: () => client.invalidateQueries({ queryKey: savedCardsKey }),
  });
}
