import type { PurchaseResponse } from '@storyhouse/contracts';
import { api } from '../../../lib/api-client';

/** POST /crud/purchases/{orderId}/confirm: completes the order once the cardholder authenticated the charge (3-D Secure). */
export const confirmPurchase = (orderId: number) =>
  api<PurchaseResponse>(`/crud/purchases/${orderId}/confirm`, { method: 'POST' });
