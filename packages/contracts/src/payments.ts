import { z } from 'zod';
import { CaptchaToken } from './captcha';
import { Id } from './numbers';
import { requiredText, text } from './text-fields';

/**
 * Card payments (issue 13; spec §3 Credit card, §7 Payments). The shapes
 * follow the card provider's (Stripe's) so the built-in test processor and
 * the Stripe adapter answer the same JSON.
 */

/** Card brands as the card provider names them. */
export const CardBrand = z.enum(['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'unknown']);
export type CardBrand = z.infer<typeof CardBrand>;

/** Spec §3 Credit card: a saved card as the family sees it. */
export const SavedCard = z
  .object({
    id: z.string().describe('The provider’s card id (card_… or pm_…); longer than 3 characters (spec §3)'),
    name: z.string().describe('Name on the card'),
    brand: CardBrand,
    last4: z.string().regex(/^\d{4}$/),
    exp_month: z.number().int().min(1).max(12),
    exp_year: z.number().int(),
  })
  .meta({ id: 'SavedCard' });
export type SavedCard = z.infer<typeof SavedCard>;

/** Spec §3: a card id longer than 3 characters counts as an existing saved card. */
export const isSavedCardId = (token: string) => token.length > 3 && !token.startsWith('tok_');

/**
 * POST /crud/test-payments/tokens (the built-in test processor only): the
 * card details the card field collects, exchanged for a single-use token the
 * way Stripe.js does, so the number never enters the order tables.
 */
export const CardTokenBody = z
  .strictObject({
    number: text()
      .max(30)
      .transform((s) => s.replace(/[\s-]/g, ''))
      .pipe(text().regex(/^\d{12,19}$/, 'payment.card.numberInvalid')),
    exp_month: z.coerce
      .number()
      .int('payment.card.expiryInvalid')
      .min(1, 'payment.card.expiryInvalid')
      .max(12, 'payment.card.expiryInvalid'),
    exp_year: z.coerce
      .number()
      .int('payment.card.expiryInvalid')
      .min(2000, 'payment.card.expiryInvalid')
      .max(2100, 'payment.card.expiryInvalid'),
    cvc: text().regex(/^\d{3,4}$/, 'payment.card.cvcInvalid'),
    name: requiredText(100),
  })
  .meta({ id: 'CardTokenBody' });
export type CardTokenBody = z.input<typeof CardTokenBody>;

export const CardTokenResponse = z
  .object({
    id: z.string().describe('Single-use token (tok_…)'),
    card: SavedCard.omit({ id: true, name: true }),
  })
  .meta({ id: 'CardTokenResponse' });
export type CardTokenResponse = z.infer<typeof CardTokenResponse>;

/** GET /crud/stripe/token: the publishable key of the provider in use. */
export const PaymentsKeyResponse = z
  .object({
    key: z.string(),
    provider: z
      .enum(['test', 'stripe'])
      .describe('test: the built-in test processor (our own card field); stripe: Stripe Elements'),
  })
  .meta({ id: 'PaymentsKeyResponse' });
export type PaymentsKeyResponse = z.infer<typeof PaymentsKeyResponse>;

/** What the spec's card calls may carry beside the card (ignored: kept for the spec's shape). */
const Extras = z.record(text().max(50), text().max(500)).optional();

/** A card processor's id (tok_…, pm_…, card_…, pi_…, a client secret): letters, digits and underscores. */
export const ProcessorId = text()
  .min(4)
  .max(255)
  .regex(/^[A-Za-z0-9_]+$/, 'validation.invalid');

/** POST /crud/stripe/customer/card: save a tokenized card for the signed-in user. */
export const SaveCardBody = z
  .strictObject({
    user_id: Id,
    stripe_token: ProcessorId,
    extras: Extras,
    /** A solved captcha, once the server asked for one after repeated declined cards (PurchaseBody's). */
    captcha: CaptchaToken.optional(),
  })
  .meta({ id: 'SaveCardBody' });

/** POST /crud/stripe/customer/no-card: make sure the user has a customer at the provider without a card. */
export const NoCardBody = z.strictObject({ user_id: Id, extras: Extras }).meta({ id: 'NoCardBody' });

export const SavedCardsResponse = z.array(SavedCard).meta({ id: 'SavedCardsResponse' });

/**
 * What a charge that needs the cardholder answers (Stripe's 3-D Secure
 * `next_action`): the payment page completes it (the test processor's
 * authentication dialog, or Stripe.js), then confirms the order.
 */
export const NextAction = z
  .object({
    type: z.literal('authenticate'),
    payment_id: z.string(),
    client_secret: z.string(),
  })
  .meta({ id: 'NextAction' });
export type NextAction = z.infer<typeof NextAction>;

/**
 * POST /crud/stripe/customer/card and POST /crud/stripe/customer/card/setup/{id}
 * (issue 40 item 8): the card saved (its id is the card_token), or waiting
 * for the cardholder's bank (3-D Secure) as a charge may: the browser
 * authenticates the setup (`next_action.payment_id` is the setup's id) and
 * then asks again with the second call.
 */
export const SaveCardResponse = z
  .discriminatedUnion('status', [
    z.object({ status: z.literal('saved'), card_token: z.string(), card: SavedCard }),
    z.object({ status: z.literal('requires_action'), next_action: NextAction }),
  ])
  .meta({ id: 'SaveCardResponse' });
export type SaveCardResponse = z.infer<typeof SaveCardResponse>;

/**
 * POST /crud/test-payments/authenticate (the built-in test processor only):
 * the authentication dialog's answer for a charge that required action,
 * approved or failed by the cardholder, as Stripe's 3-D Secure page does.
 * The client secret is what allows it, as with Stripe.js.
 */
export const TestAuthenticateBody = z
  .strictObject({
    payment_id: ProcessorId,
    client_secret: ProcessorId,
    approve: z.boolean(),
  })
  .meta({ id: 'TestAuthenticateBody' });
export type TestAuthenticateBody = z.infer<typeof TestAuthenticateBody>;

export const TestAuthenticateResponse = z
  .object({ status: z.enum(['succeeded', 'requires_action', 'failed', 'canceled']) })
  .meta({ id: 'TestAuthenticateResponse' });
export type TestAuthenticateResponse = z.infer<typeof TestAuthenticateResponse>;
