import type { CartTotal } from '@storyhouse/contracts';
import { api } from '../../../lib/api-client';

/** DELETE /crud/cart-session/gift: answers the new CartTotal. */
export const unmarkGift = () => api<CartTotal>('/crud/cart-session/gift', { method: 'DELETE' });
