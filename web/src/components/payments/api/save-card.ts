import type { SaveCardResponse } from '@storyhouse/contracts';
import { api } from '../../../lib/api-client';

/**
 * POST /crud/stripe/customer/card (issue 40 item 8): a new card's token
 * kept on the signed-in user without a charge; saved, or waiting for the
 * bank's check (3-D Secure).
 */
export const saveCard = (body: { user_id: number; stripe_token: string; captcha?: string }) =>
  api<SaveCardResponse>('/crud/stripe/customer/card', { method: 'POST', body: { ...body, extras: {} } });

/** POST /crud/stripe/customer/card/setup/{id}: the card being added, once the bank's check was answered in the browser. */
export const finishCardSetup = (setupId: string) =>
  api<SaveCardResponse>(`/crud/stripe/customer/card/setup/${encodeURIComponent(setupId)}`, { method: 'POST' });
