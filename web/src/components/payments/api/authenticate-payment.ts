import type { NextAction } from '@storyhouse/contracts';
import { api } from '../../../lib/api-client';

/**
 * POST /crud/test-payments/authenticate (the built-in test processor only):
 * the cardholder's answer on the imitation bank page of the authentication
 * dialog, approved or failed, as Stripe's 3-D Secure page gives it.
 */
export const authenticatePayment = (action: NextAction, approve: boolean) =>
  api<{ status: string }>('/crud/test-payments/authenticate', {
    method: 'POST',
    body: { payment_id: action.payment_id, client_secret: action.client_secret, approve },
  });
