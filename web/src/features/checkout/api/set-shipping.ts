import type { CartTotal, ShippingBody } from '@storyhouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { showTotal } from '../../../components/cart/show-total';
import { api } from '../../../lib/api-client';

/** POST /crud/cart/{cartId}/shipping (spec §7 Cart): the cart's shipping method; answers the new CartTotal. */
export const setShipping = (cartId: number, body: ShippingBody) =>
  api<CartTotal>(`/crud/cart/${cartId}/shipping`, { method: 'POST', body });

/** Sets the method; the answered total (its shipping and tax) is the page's cart at once. Rejects with the ApiError. */
export function useSetShipping() {
  const client = useQueryClient();
  return useCallback(
    async (cartId: number, body: ShippingBody) => {
      const total = await setShipping(cartId, body);
      await showTotal(client, total);
      return total;
    },
    [client],
  );
}
