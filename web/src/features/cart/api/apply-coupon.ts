import type { CartTotal } from '@storyhouse/contracts';
import { api } from '../../../lib/api-client';

/** POST /crud/cart-session/coupons (one per cart, not with a donation): answers the new CartTotal. */
export const applyCoupon = (couponId: number) =>
  api<CartTotal>('/crud/cart-session/coupons', { method: 'POST', body: { coupon_id: couponId } });
