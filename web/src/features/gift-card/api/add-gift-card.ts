import type { CartTotal, GiftCardBody } from '@storyhouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { cartKeys } from '../../../components/cart/api/cart-keys';
import { api } from '../../../lib/api-client';

/** POST /crud/cart-session/gift-card: one gift card per order (409 gift_card_in_cart); answers the new CartTotal. */
export const addGiftCard = (card: GiftCardBody) => api<CartTotal>('/crud/cart-session/gift-card', { method: 'POST', body: card });

/**
 * Adds the gift card; the cart is asked again either way (a refused card
 * may be refused because the cart changed under the page: the page then
 * shows why). Rejects with the server's ApiError.
 */
export function useAddGiftCard() {
  const client = useQueryClient();
  return useCallback(
    async (card: GiftCardBody) => {
      try {
        const total = await addGiftCard(card);
        client.setQueryData(cartKeys.total, total);
        return total;
      } finally {
        await client.invalidateQueries({ queryKey: cartKeys.all });
      }
    },
    [client],
  );
}
