import type { CartTotal, DonationsBody } from '@storyhouse/contracts';
import { api } from '../../../lib/api-client';

/** POST /crud/cart-session/donations: every donation of the list or none; answers the new CartTotal. */
export const addDonations = (donations: DonationsBody) =>
  api<CartTotal>('/crud/cart-session/donations', { method: 'POST', body: donations });
