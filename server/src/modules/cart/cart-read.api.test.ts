import type { CartTotal } from '@storyhouse/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { cartVisitor } from '../../../test/cart-client';
import { createSku, createUser, signIn } from '../../../test/factories';

// GET /crud/cart-session/total reads the cart from the database every time (no copy of a
// total is kept); only the session is read through the short session cache, as in production.
describe('reading the cart total', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_CACHE_MS: '1000' } });
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  async function signedInCart() {
    const user = await createUser(t.db);
    const v = cartVisitor(t.app, await signIn(t.db, user.id));
    const skuId = await createSku(t.db, { type: 'physical', title: 'CD', full_price_cents: 1000 });
    expect((await v.add(skuId, 2)).statusCode).toBe(200);
    const total = async () => (await v.total()).json() as CartTotal;
    return { user, v, skuId, total };
  }

  it('shows a change made in the database at once, e.g. by another instance or an admin', async () => {
    const { user, skuId, total } = await signedInCart();
    expect((await total()).subtotal).toBe(20);

    await t.db.updateTable('skus').set({ sale_price_cents: 750 }).where('id', '=', skuId).execute();
    expect((await total()).subtotal).toBe(15);

    await t.db
      .insertInto('gift_cards')
      .values({ code: `READ-${user.id}`, balance_cents: 500, original_amount_cents: 500, recipient_user_id: user.id })
      .execute();
    expect((await total()).gift_card_amount).toBe(5);
    await t.db.updateTable('gift_cards').set({ balance_cents: 200 }).where('recipient_user_id', '=', user.id).execute();
    expect((await total()).gift_card_amount).toBe(2);
  });

  it('forgets a session at once when it logs out through this instance', async () => {
    const { v, total } = await signedInCart();
    expect((await total()).cart.id).not.toBeNull();

    await v.send('GET', '/logout');

    expect((await total()).cart.id).toBeNull();
  });

  it('sees a session ended elsewhere (another instance) once the session cache time has passed', async () => {
    const { user, total } = await signedInCart();
    expect((await total()).cart.id).not.toBeNull();

    await t.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 1001);

    expect((await total()).cart.id).toBeNull();
  });
});
