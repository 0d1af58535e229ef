import type { CardTokenBody, CardTokenResponse } from '@storyhouse/contracts';
import { api } from '../../../lib/api-client';

/**
 * POST /crud/test-payments/tokens (the built-in test processor only): the
 * card field's details for a single-use token (tok_…), the way Stripe.js
 * makes one, so the number never reaches our orders. Rejects with the
 * ApiError (a 400 names the part of the card that is wrong).
 */
export const createCardToken = (card: CardTokenBody) =>
  api<CardTokenResponse>('/crud/test-payments/tokens', { method: 'POST', body: card });
