import type { GiftBody } from '@storyhouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { cartKeys } from '../../components/cart/api/cart-keys';
import { markGift } from '../../components/cart/api/mark-gift';
import { showTotal } from '../../components/cart/show-total';
import { unmarkGift } from './api/unmark-gift';

/**
 * The cart's gift mark (spec §4 Cart: gift marked or unmarked). Both calls
 * reject with the server's ApiError. A refused mark (a field, a
 * subscription in the cart) leaves the cart as it is; a failed unmark
 * refreshes it (spec §8 Cart), so the page shows the gift as the server
 * has it.
 */
export function useGiftChanges(): { mark(gift: GiftBody): Promise<void>; unmark(): Promise<void> } {
  const client = useQueryClient();
  return useMemo(
    () => ({
      mark: async (gift) => {
        await showTotal(client, await markGift(gift));
      },
      unmark: async () => {
        try {
          await showTotal(client, await unmarkGift());
        } catch (err) {
          await client.invalidateQueries({ queryKey: cartKeys.all });
          throw err;
        }
      },
    }),
    [client],
  );
}
