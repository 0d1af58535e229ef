import type { FreePurchaseBody, PurchaseResponse } from '@storyhouse/contracts';
import { api } from '../../../lib/api-client';

/** POST /crud/free-purchases (spec §4 Payment): an order whose full total is zero, placed without a card. */
export const freePurchase = (body: FreePurchaseBody) => api<PurchaseResponse>('/crud/free-purchases', { method: 'POST', body });
