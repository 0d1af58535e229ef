import type { Coupon } from '@storyhouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { cartKeys } from '../../components/cart/api/cart-keys';
import { showTotal } from '../../components/cart/show-total';
import { applyCoupon } from './api/apply-coupon';
import { getCouponByCode } from './api/get-coupon';
import { removeCoupon } from './api/remove-coupon';

/**
 * The cart's coupon (spec §4 Cart: one per cart). Both calls reject with the
 * server's ApiError. A refused code leaves the cart as it is; a failed
 * removal refreshes it (spec §8 Cart), so the page shows the coupon as the
 * server has it.
 */
export function useCouponChanges(): {
  /** Looks the code up, applies that coupon, and resolves it. */
  apply(code: string): Promise<Coupon>;
  remove(couponId: number): Promise<void>;
} {
  const client = useQueryClient();
  return useMemo(
    () => ({
      apply: async (code) => {
        const coupon = await getCouponByCode(code);
        await showTotal(client, await applyCoupon(coupon.id));
        return coupon;
      },
      remove: async (couponId) => {
        try {
          await showTotal(client, await removeCoupon(couponId));
        } catch (err) {
          await client.invalidateQueries({ queryKey: cartKeys.all });
          throw err;
        }
      },
    }),
    [client],
  );
}
