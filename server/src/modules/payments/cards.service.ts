import type { PaymentsKeyResponse, SaveCardResponse, SavedCard } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import type { CardSetup, PaymentProvider, ProviderSubscription } from '../../providers/payments/payment-provider';
import { enforceRateLimit } from '../rate-limit/rate-limit';
import type { CardAttempts } from './card-attempts';
import { ensureCustomer, existingCustomer } from './customers';
import { assertOwnMoney, type Payer } from './payer';

/** Whether the subscription will still charge the card: live, and not ending at its period's end. */
const renewsOn = (s: ProviderSubscription, cardId: string) =>
  s.cardId === cardId && (s.status === 'active' || s.status === 'past_due') && s.cancelAt === null;

/** A user id in a path or body that is not the caller's: refused, whatever it names. */
function assertSelf(holder: Payer, userId: number) {
  if (holder.userId !== userId) throw new AppError('not_allowed', 'forbidden');
}

/**
 * New cards an account may add in a day (issue 40 item 8), whatever the
 * processor answers: on top of the declined-cards rule (card-attempts.ts), a
 * script cannot use "Add a card" to try numbers without being charged.
 * Times RATE_LIMIT_FACTOR.
 */
export const CARDS_ADDED_PER_DAY = 10;

/** A setup's answer to the browser; a refusal as the localized 402 of its code. */
function answerOf(setup: CardSetup): SaveCardResponse {
  if (!setup.ok) {
    if (setup.code === 'card_not_found') throw new AppError('not_found', 'payment_card_not_found');
    if (setup.code === 'authentication_failed') throw new AppError('payment_declined', 'card_authentication_failed');
    throw new AppError('payment_declined', `payment_${setup.code}`);
  }
  if ('action' in setup) {
    const { setupId, clientSecret } = setup.action;
    return { status: 'requires_action', next_action: { type: 'authenticate', payment_id: setupId, client_secret: clientSecret } };
  }
  return { status: 'saved', card_token: setup.card.id, card: setup.card };
}

/** Saved cards (issue 13 item 2; spec §7 Payments). Only the card's owner lists, uses or deletes it. */
export function cardsService(db: Db, payments: PaymentProvider, attempts: CardAttempts) {
  return {
    /** GET /crud/stripe/token. */
    key(): PaymentsKeyResponse {
      return { key: payments.publishableKey, provider: payments.name };
    },

    /**
     * POST /crud/stripe/customer/card (issue 40 item 8: "Add a card" as at
     * checkout, without buying): the card is set up with the processor
     * (Stripe's SetupIntent), saved at once or once the cardholder's bank
     * check is done (setupDone). A card refused here counts as a declined
     * card (card testing), and an account adds at most CARDS_ADDED_PER_DAY.
     */
    async save(
      holder: Payer,
      body: { user_id: number; stripe_token: string; captcha?: string },
      clientIp: string,
    ): Promise<SaveCardResponse> {
      assertSelf(holder, body.user_id);
      assertOwnMoney(holder);
      await enforceRateLimit(db, `cards-added:user:${holder.userId}`, {
        limit: CARDS_ADDED_PER_DAY,
        windowSeconds: 24 * 60 * 60,
      });
      return attempts.guard({ payer: holder, clientIp, captcha: body.captcha }, async () => {
        const customerId = await ensureCustomer(db, payments, holder.userId);
        return answerOf(await payments.setupCard(customerId, body.stripe_token, `card-setup:${body.stripe_token}`));
      });
    },

    /**
     * POST /crud/stripe/customer/card/setup/{id}: after the browser's bank
     * check, the setup as it now is; 402 card_authentication_failed when the
     * cardholder did not complete it (counted as a decline), 404 for a
     * setup that is not the caller's.
     */
    async setupDone(holder: Payer, setupId: string, clientIp: string): Promise<SaveCardResponse> {
      assertOwnMoney(holder);
      const customerId = await existingCustomer(db, payments, holder.userId);
      if (!customerId) throw new AppError('not_found', 'payment_card_not_found');
      try {
        return answerOf(await payments.retrieveCardSetup(customerId, setupId));
      } catch (error) {
        // Counted, but not checked again: the captcha, if one was asked for, was solved for the save that began it.
        if (error instanceof AppError && error.kind === 'payment_declined') await attempts.declined({ payer: holder, clientIp });
        throw error;
      }
    },

    /** POST /crud/stripe/customer/no-card: makes sure the user is a customer of the processor. */
    async noCard(holder: Payer, body: { user_id: number }) {
      assertSelf(holder, body.user_id);
      assertOwnMoney(holder);
      await ensureCustomer(db, payments, holder.userId);
    },

    /** GET /crud/stripe/customer/{id}/card. */
    async list(holder: Payer, userId: number): Promise<SavedCard[]> {
      assertSelf(holder, userId);
      const customerId = await existingCustomer(db, payments, userId);
      return customerId ? payments.listCards(customerId) : [];
    },

    /**
     * DELETE /crud/stripe/customer/card/{id}: 404 for a card that is not the
     * caller's; 409 card_in_use while a monthly donation or plan renews on it
     * (its next charge would fail), until it is cancelled.
     */
    async remove(holder: Payer, cardId: string) {
      assertOwnMoney(holder);
      const customerId = await existingCustomer(db, payments, holder.userId);
      let removed: boolean;
      try {
        if (customerId && (await payments.listSubscriptions(customerId)).some((s) => renewsOn(s, cardId))) {
          throw new AppError('conflict', 'card_in_use');
        }
        removed = customerId ? await payments.detachCard(customerId, cardId) : false;
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError('unavailable', 'card_delete_failed', {}, undefined, error);
      }
      if (!removed) throw new AppError('not_found', 'payment_card_not_found');
    },
  };
}
