import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, cartVisitor, logIn } from '../../../test/cart-client';
import { createUser, signIn } from '../../../test/factories';
import { cardToken } from '../../../test/payments-client';

/** Issue 13 item 2: saved cards, their owner only (spec §7 Payments, §8 Card delete). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let families = 0;
async function family(): Promise<CartVisitor & { userId: number }> {
  families += 1;
  const email = `cards${families}@example.test`;
  const user = await createUser(t.db, { email, password: 'listen-along' });
  return Object.assign(await logIn(t.app, { email, password: 'listen-along' }), { userId: user.id });
}

const token = cardToken;

const save = (v: CartVisitor & { userId: number }, stripe_token: string, user_id = v.userId) =>
  v.send('POST', '/crud/stripe/customer/card', { user_id, stripe_token, extras: {} });
const list = (v: CartVisitor, userId: number) => v.send('GET', `/crud/stripe/customer/${userId}/card`);

describe('saved cards', () => {
  it('answers the test processor’s publishable key', async () => {
    const res = await cartVisitor(t.app).send('GET', '/crud/stripe/token');
    expect(res.json()).toEqual({ key: 'pk_test_storyhouse', provider: 'test' });
  });

  it('saves a card, lists it for its owner only, and deletes it', async () => {
    const v = await family();
    expect((await list(v, v.userId)).json()).toEqual([]);
    const saved = await save(v, await token(v, '5555555555554444'));
    expect(saved.statusCode).toBe(200);
    const cardId = saved.json().card_token as string;
    expect(cardId.length).toBeGreaterThan(3);
    const cards = (await list(v, v.userId)).json();
    expect(cards).toEqual([
      {
        id: cardId,
        name: 'Grace Miller',
        brand: 'mastercard',
        last4: '4444',
        exp_month: 12,
        exp_year: new Date().getFullYear() + 2,
      },
    ]);

    const other = await family();
    expect((await list(other, v.userId)).statusCode).toBe(403);
    const stolen = await other.send('DELETE', `/crud/stripe/customer/card/${cardId}`);
    expect(stolen.statusCode).toBe(404);
    expect((await list(v, v.userId)).json()).toHaveLength(1);

    expect((await v.send('DELETE', `/crud/stripe/customer/card/${cardId}`)).statusCode).toBe(204);
    expect((await list(v, v.userId)).json()).toEqual([]);
  });

  it('refuses saving for another user id, a used token and a declined-at-save token', async () => {
    const v = await family();
    const other = await family();
    const tok = await token(v);
    expect((await save(v, tok, other.userId)).statusCode).toBe(403);
    expect((await save(v, tok)).statusCode).toBe(200);
    const reused = await save(v, tok);
    expect(reused.statusCode).toBe(402);
    expect(reused.json().code).toBe('payment_token_invalid');
    expect((await save(v, 'tok_unknown')).json().code).toBe('payment_token_invalid');
  });

  it('makes a customer without a card (no-card)', async () => {
    const v = await family();
    const res = await v.send('POST', '/crud/stripe/customer/no-card', { user_id: v.userId, extras: {} });
    expect(res.statusCode).toBe(204);
    const row = await t.db.selectFrom('payment_customers').select('provider').where('user_id', '=', v.userId).execute();
    expect(row).toEqual([{ provider: 'test' }]);
  });

  it('refuses card changes while an admin impersonates the family, and visitors', async () => {
    const v = await family();
    const cardId = (await save(v, await token(v))).json().card_token as string;
    const admin = await createUser(t.db, { email: 'admin-cards@example.test', is_admin: true });
    const masquerade = cartVisitor(t.app, await signIn(t.db, v.userId, { masqueradeAdminId: admin.id }));
    const del = await masquerade.send('DELETE', `/crud/stripe/customer/card/${cardId}`);
    expect(del.statusCode).toBe(403);
    expect(del.json().code).toBe('payment_not_while_masquerading');
    expect((await save(Object.assign(masquerade, { userId: v.userId }), await token(v))).statusCode).toBe(403);
    expect((await list(v, v.userId)).json()).toHaveLength(1);

    const visitor = cartVisitor(t.app);
    expect((await list(visitor, v.userId)).statusCode).toBe(401);
    expect((await visitor.send('DELETE', `/crud/stripe/customer/card/${cardId}`)).statusCode).toBe(401);
  });

  it.each(['0', '-1', 'abc', '9223372036854775808'])('refuses the user id %s (400)', async (id) => {
    const v = await family();
    expect((await v.send('GET', `/crud/stripe/customer/${id}/card`)).statusCode).toBe(400);
  });
});
