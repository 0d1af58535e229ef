import type { CartTotal } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { solvedCaptcha } from '../../../test/captcha';
import { type CartVisitor, logIn } from '../../../test/cart-client';
import { createProduct, createUser } from '../../../test/factories';
import { cardToken, TEST_CARDS } from '../../../test/payments-client';
import { CARD_DECLINES_LIMIT } from './card-attempts';

/**
 * Issue 26 item 7, card testing: declined cards are counted per account and
 * per client address; past CARD_DECLINES_LIMIT in an hour every charge or
 * card save needs a solved captcha, and the ministry hears of the account
 * once.
 */
const MINISTRY = 'office@ministry.test';
let t: TestApp;
let album = 0;
let another = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { MINISTRY_EMAIL: MINISTRY } });
  album = (await createProduct(t.db, { slug: 'gideon', title: 'Gideon' }, { album: 899 })).album;
  another = (await createProduct(t.db, { slug: 'samson', title: 'Samson' }, { album: 799 })).album;
});
afterAll(() => t.close());

let families = 0;
async function family(): Promise<CartVisitor & { userId: number; email: string }> {
  families += 1;
  const email = `tester${families}@example.test`;
  const user = await createUser(t.db, { email, password: 'listen-along' });
  const v = await logIn(t.app, { email, password: 'listen-along' });
  expect((await v.add(album)).statusCode).toBe(200);
  return Object.assign(v, { userId: user.id, email });
}

let addresses = 0;
/** A client address no other test uses. */
const newAddress = () => `10.77.0.${++addresses}`;

/** POST /crud/purchases of the family's cart with this card, from `address`. */
async function buy(v: CartVisitor, address: string, number: string, extra: { captcha?: string; query?: string } = {}) {
  const total = (await v.total()).json() as CartTotal;
  return t.app.inject({
    method: 'POST',
    url: `/crud/purchases${extra.query ?? ''}`,
    remoteAddress: address,
    headers: { cookie: v.cookie ?? '' },
    payload: {
      stripe_token: await cardToken(v, number),
      expected_total: total.fullTotal,
      cart_id: total.cart.id,
      lang_code: 'en',
      ...(extra.captcha ? { captcha: extra.captcha } : {}),
    },
  });
}

const orders = async (userId: number) =>
  Number(
    (
      await t.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const ministryMail = () =>
  t.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', MINISTRY).execute();

describe('card testing', () => {
  it('after five declined cards on an account, the next try needs a solved captcha; the ministry hears of it once', async () => {
    const v = await family();
    const address = newAddress();
    for (let i = 0; i < CARD_DECLINES_LIMIT; i++) {
      const r = await buy(v, address, TEST_CARDS.declined);
      expect(r.statusCode, r.body).toBe(402);
    }
    const before = await orders(v.userId);

    // Another address, the same account: still held, in the site's language, nothing written.
    const refused = await buy(v, newAddress(), TEST_CARDS.visa, { query: '?test_spanish_site=1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'payment_captcha_required',
      message: 'Se rechazaron varias tarjetas aquí en poco tiempo. Confirma abajo que no eres un robot y vuelve a intentarlo.',
    });
    expect(await orders(v.userId)).toBe(before);
    const mails = await ministryMail();
    expect(mails).toEqual([expect.objectContaining({ subject: `Several declined cards on the account ${v.email}` })]);
    expect(mails[0]?.text_body).toContain(address);

    // A wrong captcha is no captcha; a solved one lets this try through (good once).
    expect((await buy(v, address, TEST_CARDS.visa, { captcha: 'bm90IGEgc29sdXRpb24=' })).statusCode).toBe(429);
    const captcha = await solvedCaptcha(t.app);
    expect((await buy(v, address, TEST_CARDS.visa, { captcha })).statusCode).toBe(200);
    // Another decline after the limit mails the ministry no more.
    expect((await v.add(another)).statusCode).toBe(200);
    expect((await buy(v, address, TEST_CARDS.declined, { captcha: await solvedCaptcha(t.app) })).statusCode).toBe(402);
    expect(await ministryMail()).toHaveLength(1);
  });

  it('counts the declines of every account from one address, and card saves too', async () => {
    const address = newAddress();
    for (let i = 0; i < CARD_DECLINES_LIMIT; i++) {
      const v = await family();
      const saved = await t.app.inject({
        method: 'POST',
        url: '/crud/stripe/customer/card',
        remoteAddress: address,
        headers: { cookie: v.cookie ?? '' },
        payload: { user_id: v.userId, stripe_token: await cardToken(v, TEST_CARDS.declined), extras: {} },
      });
      expect(saved.statusCode).toBe(402);
    }
    const fresh = await family();
    expect((await buy(fresh, address, TEST_CARDS.visa)).json().code).toBe('payment_captcha_required');
    const save = await t.app.inject({
      method: 'POST',
      url: '/crud/stripe/customer/card',
      remoteAddress: address,
      headers: { cookie: fresh.cookie ?? '' },
      payload: { user_id: fresh.userId, stripe_token: await cardToken(fresh, TEST_CARDS.visa), extras: {} },
    });
    expect(save.json().code).toBe('payment_captcha_required');
    // The same family from its own address pays as usual.
    expect((await buy(fresh, newAddress(), TEST_CARDS.visa)).statusCode).toBe(200);
  });
});
