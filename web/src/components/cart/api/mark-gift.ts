import type { CartTotal, GiftBody } from '@storyhouse/contracts';
import { api } from '../../../lib/api-client';

/** POST /crud/cart-session/gift (not with a subscription): answers the new CartTotal. */
export const markGift = (gift: GiftBody) => api<CartTotal>('/crud/cart-session/gift', { method: 'POST', body: gift });
