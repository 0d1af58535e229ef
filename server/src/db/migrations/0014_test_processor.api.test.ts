import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../../test/migration-table';
import type { TestProcessorPayments, TestProcessorSubscriptions, TestProcessorTokens } from '../schema';

/**
 * 0014_test_processor: the test processor's tables refuse, whatever code
 * writes them, a second payment, refund or subscription under one
 * idempotency key, a refund past the payment, a token used without its
 * customer, another customer's card on a subscription, a period billed twice,
 * and a second clock.
 */
describe('0014_test_processor', () => {
  const t = useMigratedDatabase();
  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
  const at = new Date('2026-05-15T12:00:00Z');

  const customer = async () => {
    const cus = id('cus');
    await t.db
      .insertInto('test_processor_customers')
      .values({ id: cus, user_id: 1, email: 'a@example.test', name: 'A', created_at: at })
      .execute();
    return cus;
  };
  const token = async (values: Partial<Insertable<TestProcessorTokens>> = {}) => {
    const tok = id('tok');
    await t.db
      .insertInto('test_processor_tokens')
      .values({
        id: tok,
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: 2030,
        name: 'A',
        behaviour: 'succeeds',
        created_at: at,
        ...values,
      })
      .execute();
    return tok;
  };
  const card = async (customerId: string) => {
    const cardId = id('card');
    const token_id = await token({ used_at: at, used_by: customerId });
    await t.db
      .insertInto('test_processor_cards')
      .values({ id: cardId, customer_id: customerId, token_id, created_at: at })
      .execute();
    return cardId;
  };
  const payment = async (customerId: string, values: Partial<Insertable<TestProcessorPayments>> = {}) => {
    const pi = id('pi');
    await t.db
      .insertInto('test_processor_payments')
      .values({
        id: pi,
        customer_id: customerId,
        amount_cents: 1000,
        status: 'succeeded',
        client_secret: `${pi}_secret`,
        idempotency_key: id('key'),
        request_hash: 'h',
        created_at: at,
        updated_at: at,
        ...values,
      })
      .execute();
    return pi;
  };
  const subscription = (customerId: string, cardId: string, values: Partial<Insertable<TestProcessorSubscriptions>> = {}) =>
    t.db
      .insertInto('test_processor_subscriptions')
      .values({
        id: id('sub'),
        customer_id: customerId,
        card_id: cardId,
        product_code: 'plan',
        product_name: 'Plan',
        amount_cents: 900,
        interval: 'month',
        status: 'active',
        current_period_start: at,
        current_period_end: new Date('2026-06-15T12:00:00Z'),
        idempotency_key: id('key'),
        request_hash: 'h',
        created_at: at,
        ...values,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  it('keeps one payment per idempotency key, its outcome consistent, and its order id from the metadata', async () => {
    const cus = await customer();
    const pi = await payment(cus, { idempotency_key: 'order-1', metadata: JSON.stringify({ order_id: '1' }) });
    await expect(payment(cus, { idempotency_key: 'order-1' })).rejects.toThrow(/test_processor_payments_idempotency_key/);
    expect(
      await t.db.selectFrom('test_processor_payments').select('order_id').where('id', '=', pi).executeTakeFirstOrThrow(),
    ).toEqual({
      order_id: '1',
    });
    await expect(payment(cus, { status: 'failed' })).rejects.toThrow(/test_processor_payments_failure_check/);
    await expect(payment(cus, { failure_code: 'card_declined' })).rejects.toThrow(/test_processor_payments_failure_check/);
    await expect(payment(cus, { status: 'failed', failure_code: 'stolen' })).rejects.toThrow(/check/);
    await expect(payment(cus, { amount_cents: 0 })).rejects.toThrow(/check/);
    await expect(payment(cus, { card_id: await card(cus), token_id: id('tok') })).rejects.toThrow(
      /test_processor_payments_source_check|fkey/,
    );
  });

  it('never refunds more than the payment, nor a payment that did not succeed, and one refund per key', async () => {
    const cus = await customer();
    const pi = await payment(cus);
    const refund = (amount: number) =>
      t.db.updateTable('test_processor_payments').set({ amount_refunded_cents: amount }).where('id', '=', pi).execute();
    await expect(refund(1000)).resolves.toBeDefined();
    await expect(refund(1001)).rejects.toThrow(/test_processor_payments_refund_check/);
    await expect(refund(-1)).rejects.toThrow(/test_processor_payments_refund_check/);
    await expect(payment(cus, { status: 'failed', failure_code: 'card_declined', amount_refunded_cents: 1 })).rejects.toThrow(
      /test_processor_payments_refund_check/,
    );

    const insert = (key: string) =>
      t.db
        .insertInto('test_processor_refunds')
        .values({ id: id('re'), payment_id: pi, amount_cents: 100, idempotency_key: key, request_hash: 'h', created_at: at })
        .execute();
    await insert('refund-1');
    await expect(insert('refund-1')).rejects.toThrow(/test_processor_refunds_idempotency_key/);
  });

  it('spends a token only with the customer who used it, and makes one card of it', async () => {
    const cus = await customer();
    await expect(token({ used_at: at })).rejects.toThrow(/test_processor_tokens_used_check/);
    await expect(token({ used_by: cus })).rejects.toThrow(/test_processor_tokens_used_check/);
    await expect(token({ behaviour: 'explodes' })).rejects.toThrow(/check/);
    await expect(token({ last4: '42' })).rejects.toThrow(/check/);
    const cardId = await card(cus);
    const { token_id } = await t.db
      .selectFrom('test_processor_cards')
      .select('token_id')
      .where('id', '=', cardId)
      .executeTakeFirstOrThrow();
    await expect(
      t.db
        .insertInto('test_processor_cards')
        .values({ id: id('card'), customer_id: cus, token_id, created_at: at })
        .execute(),
    ).rejects.toThrow(/test_processor_cards_token_id_key/);
  });

  it('subscribes a customer on their own card only, one per key, and bills a period once', async () => {
    const grace = await customer();
    const mallory = await customer();
    const graceCard = await card(grace);
    const sub = await subscription(grace, graceCard, { idempotency_key: 'sub-1' });
    await expect(subscription(grace, graceCard, { idempotency_key: 'sub-1' })).rejects.toThrow(
      /test_processor_subscriptions_idempotency_key/,
    );
    await expect(subscription(mallory, graceCard)).rejects.toThrow(/test_processor_subscriptions_card_fkey/);
    await expect(subscription(grace, graceCard, { status: 'canceled' })).rejects.toThrow(
      /test_processor_subscriptions_canceled_check/,
    );
    await expect(subscription(grace, graceCard, { interval: 'week' })).rejects.toThrow(/check/);

    const invoice = () =>
      t.db
        .insertInto('test_processor_invoices')
        .values({
          id: id('in'),
          subscription_id: sub.id,
          amount_cents: 900,
          status: 'paid',
          period_start: new Date('2026-06-15T12:00:00Z'),
          period_end: new Date('2026-07-15T12:00:00Z'),
          created_at: at,
        })
        .execute();
    await invoice();
    await expect(invoice()).rejects.toThrow(/test_processor_invoices_period_key/);
  });

  it('has one clock, following real time until it is moved (0052: an offset from the real time)', async () => {
    expect(await t.db.selectFrom('test_processor_clock').selectAll().execute()).toEqual([{ id: true, offset_seconds: 0 }]);
    await expect(t.db.insertInto('test_processor_clock').values({ id: true }).execute()).rejects.toThrow(/pkey/);
    await expect(t.db.insertInto('test_processor_clock').values({ id: false }).execute()).rejects.toThrow(/check/);
  });
});
