import type { MySubscription, SaveCardResponse } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { solvedCaptcha } from '../../../test/captcha';
import { type CartVisitor, cartVisitor, logIn } from '../../../test/cart-client';
import { createPlan, createUser, signIn } from '../../../test/factories';
import { cardToken, payCart, TEST_CARDS } from '../../../test/payments-client';
import { CARD_DECLINES_LIMIT } from './card-attempts';
import { CARDS_ADDED_PER_DAY } from './cards.service';

/**
 * Issue 40 item 8: a family adds a card without buying anything (My
 * subscription, Account settings), through the processor's card setup:
 * saved at once, or after its bank's check (3-D Secure), or refused in
 * words; the new card can then carry a plan.
 */
let t: TestApp;
let monthly = 0;
beforeAll(async () => {
  t = await createTestApp();
  monthly = await createPlan(t.db, 'monthly');
});
afterAll(() => t.close());

type Family = CartVisitor & { userId: number };
let families = 0;
async function family(): Promise<Family> {
  families += 1;
  const email = `adding${families}@example.test`;
  const user = await createUser(t.db, { email, password: 'listen-along' });
  return Object.assign(await logIn(t.app, { email, password: 'listen-along' }), { userId: user.id });
}

const add = (v: Family, stripe_token: string, query = '') =>
  v.send('POST', `/crud/stripe/customer/card${query}`, { user_id: v.userId, stripe_token, extras: {} });
const finish = (v: CartVisitor, setupId: string, query = '') =>
  v.send('POST', `/crud/stripe/customer/card/setup/${setupId}${query}`);
const authenticate = (v: CartVisitor, action: { payment_id: string; client_secret: string }, approve: boolean) =>
  v.send('POST', '/crud/test-payments/authenticate', {
    payment_id: action.payment_id,
    client_secret: action.client_secret,
    approve,
  });
const cardsOf = async (v: Family) =>
  (await v.send('GET', `/crud/stripe/customer/${v.userId}/card`)).json() as { id: string; last4: string }[];

/** Adds a card that needs the bank's check: the answer waiting for it. */
async function waitingCard(v: Family) {
  const res = await add(v, await cardToken(v, TEST_CARDS.authenticate));
  expect(res.statusCode).toBe(200);
  const answer = res.json() as SaveCardResponse;
  if (answer.status !== 'requires_action') throw new Error(`expected a bank check, got ${answer.status}`);
  return answer.next_action;
}

describe('adding a card without a purchase', () => {
  it('saves a good card at once and lists it', async () => {
    const v = await family();
    const res = await add(v, await cardToken(v, TEST_CARDS.mastercard));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'saved',
      card_token: expect.stringMatching(/^card_/),
      card: { brand: 'mastercard', last4: '4444', name: 'Grace Miller' },
    });
    expect(await cardsOf(v)).toEqual([expect.objectContaining({ id: res.json().card_token, last4: '4444' })]);
  });

  it('saves the 3-D Secure card only once the cardholder completes the bank’s check', async () => {
    const v = await family();
    const action = await waitingCard(v);
    expect(action).toMatchObject({ type: 'authenticate', payment_id: expect.stringMatching(/^seti_/) });
    expect(await cardsOf(v)).toEqual([]);
    // Asked again before the check: still waiting.
    expect((await finish(v, action.payment_id)).json()).toMatchObject({ status: 'requires_action' });

    expect((await authenticate(v, action, true)).json()).toEqual({ status: 'succeeded' });
    const done = await finish(v, action.payment_id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'saved', card: { last4: '3184' } });
    expect((await cardsOf(v)).map((c) => c.last4)).toEqual(['3184']);
    // The check is answered once.
    expect((await authenticate(v, action, false)).statusCode).toBe(404);
  });

  it('saves nothing when the bank’s check fails, and says so in the family’s language', async () => {
    const v = await family();
    const action = await waitingCard(v);
    await authenticate(v, action, false);
    const en = await finish(v, action.payment_id);
    expect(en.statusCode).toBe(402);
    expect(en.json()).toMatchObject({
      code: 'card_authentication_failed',
      message: 'We could not confirm this card with your bank, so it was not saved. Please try again or use another card.',
    });
    const es = await finish(v, action.payment_id, '?test_spanish_site=1');
    expect(es.json().message).toBe(
      'No pudimos confirmar esta tarjeta con tu banco, así que no se guardó. Vuelve a intentarlo o usa otra tarjeta.',
    );
    expect(await cardsOf(v)).toEqual([]);
  });

  it('saves the 4000 0000 0000 0341 card (it fails only when charged) and refuses a declined one in words', async () => {
    const v = await family();
    expect((await add(v, await cardToken(v, '4000000000000341'))).json()).toMatchObject({ status: 'saved' });
    const declined = await add(v, await cardToken(v, TEST_CARDS.declined), '?test_spanish_site=1');
    expect(declined.statusCode).toBe(402);
    expect(declined.json().code).toBe('payment_card_declined');
    expect(declined.json().message).toMatch(/tarjeta/);
    expect((await cardsOf(v)).map((c) => c.last4)).toEqual(['0341']);
  });

  it('keeps a family’s card setup theirs, refuses visitors and an admin acting as the family', async () => {
    const v = await family();
    const action = await waitingCard(v);
    const other = await family();
    await add(other, await cardToken(other));
    expect((await finish(other, action.payment_id)).statusCode).toBe(404);
    expect((await finish(cartVisitor(t.app), action.payment_id)).statusCode).toBe(401);
    expect((await add(Object.assign(cartVisitor(t.app), { userId: v.userId }), await cardToken(v))).statusCode).toBe(401);
    // Another family's user id in the body.
    expect((await add(Object.assign(other, { userId: v.userId }), await cardToken(other))).statusCode).toBe(403);

    const admin = await createUser(t.db, { email: 'acting-admin@example.test', password: 'acting-admin-1', is_admin: true });
    const masquerade = cartVisitor(t.app, await signIn(t.db, v.userId, { masqueradeAdminId: admin.id }));
    const acting = await add(Object.assign(masquerade, { userId: v.userId }), await cardToken(v));
    expect(acting.statusCode).toBe(403);
    expect(acting.json().code).toBe('payment_not_while_masquerading');
    expect((await finish(masquerade, action.payment_id)).statusCode).toBe(403);
  });

  it(`lets an account add at most ${CARDS_ADDED_PER_DAY} cards a day`, async () => {
    const v = await family();
    for (let i = 0; i < CARDS_ADDED_PER_DAY; i++) {
      expect((await add(v, await cardToken(v))).statusCode).toBe(200);
    }
    const refused = await add(v, await cardToken(v));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    expect(await cardsOf(v)).toHaveLength(CARDS_ADDED_PER_DAY);
  });

  it('asks for a captcha after repeated declines (card testing); the bank check then finishes without another', async () => {
    const v = await family();
    for (let i = 0; i < CARD_DECLINES_LIMIT; i++) {
      expect((await add(v, await cardToken(v, TEST_CARDS.declined))).statusCode).toBe(402);
    }
    const asked = await add(v, await cardToken(v, TEST_CARDS.authenticate));
    expect(asked.statusCode).toBe(429);
    expect(asked.json().code).toBe('payment_captcha_required');

    const res = await v.send('POST', '/crud/stripe/customer/card', {
      user_id: v.userId,
      stripe_token: await cardToken(v, TEST_CARDS.authenticate),
      extras: {},
      captcha: await solvedCaptcha(t.app),
    });
    const answer = res.json() as SaveCardResponse;
    if (answer.status !== 'requires_action') throw new Error(`expected a bank check: ${res.body}`);
    await authenticate(v, answer.next_action, true);
    expect((await finish(v, answer.next_action.payment_id)).json()).toMatchObject({ status: 'saved', card: { last4: '3184' } });
  });

  it('moves a plan to the card added after it was bought', async () => {
    const v = await family();
    expect((await v.add(monthly)).statusCode).toBe(200);
    await payCart(v);
    const action = await waitingCard(v);
    await authenticate(v, action, true);
    const added = (await finish(v, action.payment_id)).json() as SaveCardResponse;
    if (added.status !== 'saved') throw new Error('not saved');

    const [plan] = (await v.send('GET', '/crud/stripe/customer/my/subscriptions')).json().data as MySubscription[];
    expect(plan?.card?.last4).toBe('4242');
    const moved = await v.send('POST', `/crud/stripe/subscription/${plan?.id}/card`, { card_id: added.card_token });
    expect(moved.statusCode).toBe(200);
    const [after] = (await v.send('GET', '/crud/stripe/customer/my/subscriptions')).json().data as MySubscription[];
    expect(after?.card).toMatchObject({ id: added.card_token, last4: '3184' });
  });
});
