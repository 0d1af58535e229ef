import type { NextAction, PaymentsKeyResponse, PurchaseResponse } from '@storyhouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { cartKeys } from '../../components/cart/api/cart-keys';
import { authenticatePayment } from '../../components/payments/api/authenticate-payment';
import { CardEntryError } from '../../components/payments/card-field/card-entry';
import { ApiError } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import { useErrorMessage } from '../../ui/use-error-message';
import { confirmPurchase } from './api/confirm-purchase';

/** A charge waiting for the cardholder (3-D Secure), with its order. */
export interface PendingAuthentication {
  orderId: number;
  action: NextAction;
}

/**
 * The payment's steps after the form (spec §4 Payment: editing, submitting,
 * then order confirmed): `start` runs the purchase while the Pay button
 * says Processing…; a charge that needs the cardholder waits for the
 * authentication dialog (the test processor) or Stripe's own, then the
 * order is confirmed; a paid order shows the confirmation. Any failure is
 * the alert of spec §8 and the button comes back.
 */
export function usePaymentFlow(processor: PaymentsKeyResponse) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusyState] = useState(false);
  // Also a ref: two clicks within one render both see busy false; the second must still be ignored (spec §4).
  const running = useRef(false);
  const setBusy = (value: boolean) => {
    running.current = value;
    setBusyState(value);
  };
  const [failure, setFailure] = useState<string>();
  const [authenticating, setAuthenticating] = useState<PendingAuthentication | null>(null);
  // The form's own handling of a refusal, for the answer of the authentication dialog too.
  const handled = useRef<(error: unknown) => boolean>(undefined);

  const fail = (error: unknown, showFieldErrors?: (error: unknown) => boolean) => {
    if (error instanceof CardEntryError) setFailure(t('payment.fixCardErrors'));
    else if (showFieldErrors?.(error)) setFailure(undefined);
    else setFailure(errorMessage(error, 'payment.failed'));
    // A total that changed, an item gone, a cart already ordered: the cart as it is now (the summary shows it).
    if (error instanceof ApiError && error.status === 409) void client.invalidateQueries({ queryKey: cartKeys.all });
    setBusy(false);
  };

  /**
   * The order is paid: the confirmation at its own address (a reload keeps
   * it), which then reads the emptied cart (OrderConfirmation). Not here:
   * the navigation is a transition, and an empty cart arriving before it
   * commits would send this step to /cart.
   */
  const paid = (orderId: number) => navigate(`/payment?order=${orderId}`, { replace: true });

  const settle = async (answer: PurchaseResponse) => {
    if (answer.status === 'paid') return paid(answer.order_id);
    if (!answer.next_action) throw new Error(`order ${answer.order_id} is ${answer.status}`);
    const pending = { orderId: answer.order_id, action: answer.next_action };
    if (processor.provider === 'test') {
      setAuthenticating(pending);
      return;
    }
    // Stripe authenticates in its own frame; its module is loaded only on this path.
    const { handleStripeNextAction } = await import('../../components/payments/card-field/stripe-loader');
    await handleStripeNextAction(processor.key, pending.action.client_secret);
    await settle(await confirmPurchase(pending.orderId));
  };

  return {
    busy,
    failure,
    setFailure,
    authenticating,
    /**
     * Runs a purchase (`buy` answers the order); nothing while one is already
     * running (a double click). `showFieldErrors` puts a refusal next to
     * the form's field it is about (a 400's messages beside the billing
     * address, a declined card beside the card: issue 46) and answers
     * whether it did; any other failure is the alert above Pay.
     */
    async start(buy: () => Promise<PurchaseResponse>, showFieldErrors?: (error: unknown) => boolean) {
      if (running.current) return;
      handled.current = showFieldErrors;
      setBusy(true);
      setFailure(undefined);
      try {
        // Paid: the page becomes the confirmation; waiting for the cardholder: still Processing… under the dialog.
        await settle(await buy());
      } catch (error) {
        fail(error, showFieldErrors);
      }
    },
    /** The cardholder's answer in the authentication dialog: told to the processor, then the order confirmed. */
    async answer(approve: boolean) {
      const pending = authenticating;
      setAuthenticating(null);
      if (!pending) return;
      try {
        await authenticatePayment(pending.action, approve);
        await settle(await confirmPurchase(pending.orderId));
      } catch (error) {
        fail(error, handled.current);
      }
    },
  };
}
