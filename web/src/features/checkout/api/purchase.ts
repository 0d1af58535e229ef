import type { PurchaseBody, PurchaseResponse } from '@storyhouse/contracts';
import { api } from '../../../lib/api-client';

/**
 * POST /crud/purchases (spec §7 Cart): pays for the cart with a new card's
 * token or a saved card's id. Answers the order, paid or waiting for the
 * cardholder to authenticate (`next_action`); rejects with the ApiError of
 * a decline (402), a second submit (409 order_already_submitted) or a total
 * that changed (409 order_total_changed: nothing was charged).
 */
export const purchase = (body: PurchaseBody) => api<PurchaseResponse>('/crud/purchases', { method: 'POST', body });
