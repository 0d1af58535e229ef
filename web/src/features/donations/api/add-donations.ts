import type { DonationsBody } from '@storyhouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { addDonations } from '../../../components/cart/api/add-donations';
import { cartKeys } from '../../../components/cart/api/cart-keys';

/**
 * Adds the donations page's gifts together (all or none); the cart (lines,
 * total, counter) is asked again once they are in. Rejects with the
 * server's ApiError.
 */
export function useAddDonations() {
  const client = useQueryClient();
  return useCallback(
    async (donations: DonationsBody) => {
      const total = await addDonations(donations);
      client.setQueryData(cartKeys.total, total);
      await client.invalidateQueries({ queryKey: cartKeys.all });
      return total;
    },
    [client],
  );
}
