import type { AddressBody, AddressType, CartTotal } from '@storyhouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { cartKeys } from '../../../components/cart/api/cart-keys';
import { showTotal } from '../../../components/cart/show-total';
import { api } from '../../../lib/api-client';

/**
 * POST /crud/cart/{cartId}/address/{type} (spec §7 Cart): saves the address
 * in the user's address book and on the cart; answers the new CartTotal.
 */
export const saveCartAddress = (cartId: number, type: AddressType, address: AddressBody) =>
  api<CartTotal>(`/crud/cart/${cartId}/address/${type}`, { method: 'POST', body: address });

/**
 * Saves a cart address; the answered total is the page's cart at once, and
 * the shipping methods are asked again (they follow the shipping address).
 * Rejects with the server's ApiError.
 */
export function useSaveCartAddress() {
  const client = useQueryClient();
  return useCallback(
    async (cartId: number, type: AddressType, address: AddressBody) => {
      const total = await saveCartAddress(cartId, type, address);
      await showTotal(client, total);
      await client.invalidateQueries({ queryKey: [...cartKeys.all, 'shipping-tiers'] });
      return total;
    },
    [client],
  );
}
