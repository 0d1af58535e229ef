import type { CartTotal } from '@storyhouse/contracts';
import { expect } from 'vitest';
import type { Db } from '../src/db/database';
import type { CartVisitor } from './cart-client';

/** Stripe's test card numbers, as the built-in test processor knows them (README "Demo payments"). */
export const TEST_CARDS = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  declined: '4000000000000002',
  authenticate: '4000002760003184',
} as const;

/**
 * A single-use token of a test card from that browser (POST
 * /crud/test-payments/tokens, as the card field sends it): expiry two years
 * ahead, CVC 123, cardholder Grace Miller.
 */
export async function cardToken(v: CartVisitor, number: string = TEST_CARDS.visa) {
  const res = await v.send('POST', '/crud/test-payments/tokens', {
    number,
    exp_month: 12,
    exp_year: new Date().getFullYear() + 2,
    cvc: '123',
    name: 'Grace Miller',
  });
  expect(res.statusCode).toBe(200);
  return res.json().id as string;
}

/** Saves a test card to the signed-in family's cards (as My account's "Add a card" does); the saved card's id. */
export async function saveCard(v: CartVisitor & { userId: number }, number: string) {
  const res = await v.send('POST', '/crud/stripe/customer/card', {
    user_id: v.userId,
    stripe_token: await cardToken(v, number),
    extras: {},
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { card_token: string }).card_token;
}

/** An admin moves the built-in test processor's clock by whole days; what falls due on the way is billed. */
export async function moveClock(admin: CartVisitor, days: number) {
  const res = await admin.send('POST', '/crud/test-payments/clock', { advance_days: days });
  expect(res.statusCode).toBe(200);
  return res.json() as { frozen_time: string; steps: number };
}

/**
 * Submits the browser's cart for payment, as the payment page does: with a
 * new test card, or the card token given (a Stripe stand-in's), and any
 * other field of the purchase (save_card); answers the purchase's response.
 */
export async function submitCart(v: CartVisitor, token?: string, extra: Record<string, unknown> = {}) {
  const total = (await v.total()).json() as CartTotal;
  return v.send('POST', '/crud/purchases', {
    stripe_token: token ?? (await cardToken(v)),
    expected_total: total.fullTotal,
    cart_id: total.cart.id,
    lang_code: 'en',
    ...extra,
  });
}

/** Pays for the browser's cart with a new test card, as the payment page does; the order must be paid. */
export async function payCart(v: CartVisitor, token?: string, extra: Record<string, unknown> = {}) {
  const res = await submitCart(v, token, extra);
  expect(res.statusCode).toBe(200);
  expect(res.json().status).toBe('paid');
}

/** What the built-in test processor refunded of an order's charge: each refund's cents, in the order they were made. */
export async function processorRefundsOf(db: Db, orderId: number) {
  const rows = await db
    .selectFrom('test_processor_refunds as r')
    .innerJoin('orders as o', 'o.payment_id', 'r.payment_id')
    .select('r.amount_cents')
    .where('o.id', '=', orderId)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
  return rows.map((r) => r.amount_cents);
}

/** Charges the built-in test processor made (declined attempts are not charges). */
export async function chargesMade(db: Db) {
  const row = await db
    .selectFrom('test_processor_payments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'succeeded')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
