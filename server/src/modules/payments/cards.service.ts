import type { PaymentsKeyResponse, SavedCard } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import type { PaymentProvider, ProviderSubscription } from '../../providers/payments/payment-provider';
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

/** Saved cards (issue 13 item 2; spec §7 Payments). Only the card's owner lists, uses or deletes it. */
export function cardsService(db: Db, payments: PaymentProvider, attempts: CardAttempts) {
  return {
    /** GET /crud/stripe/token. */
    key(): PaymentsKeyResponse {
      return { key: payments.publishableKey, provider: payments.name };
    },

    /**
     * POST /crud/stripe/customer/card: keeps a new card's token as a saved
     * card; its id is the card_token. A card refused here counts as a
     * declined card (card testing).
     */
    async save(holder: Payer, body: { user_id: number; stripe_token: string; captcha?: string }, clientIp: string) {
      assertSelf(holder, body.user_id);
      assertOwnMoney(holder);
      return attempts.guard({ payer: holder, clientIp, captcha: body.captcha }, async () => {
        const customerId = await ensureCustomer(db, payments, holder.userId);
        const attached = await payments.attachCard(customerId, body.stripe_token);
        if (!attached.ok) throw new AppError('payment_declined', `payment_${attached.code}` as never);
        return { card_token: attached.card.id };
      });
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
