import type { CartTotal } from '@storyhouse/contracts';
import { api } from '../../../lib/api-client';

/** DELETE /crud/cart-session/coupons?coupon_id: answers the new CartTotal. */
export const removeCoupon = (couponId: number) =>
  api<CartTotal>(`/crud/cart-session/coupons?coupon_id=${encodeURIComponent(couponId)}`, { method: 'DELETE' });
