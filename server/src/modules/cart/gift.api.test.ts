import { GIFT_MESSAGE_MAX } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { cartVisitor, logIn, withCart } from '../../../test/cart-client';
import { createPlan, createProduct, createSku, createUser, sessionIdOf, signIn } from '../../../test/factories';

let t: TestApp;

const ids = {
  /** 8.99 */
  album: 0,
  /** 5.46, quantity editable */
  cd: 0,
  /** 5.00 a month */
  monthly: 0,
  /** 50.00 a year */
  annual: 0,
};

const grandma = { name: 'Grandma Rose', email: 'rose@example.test', message: 'For the long drive to the lake.' };

beforeAll(async () => {
  t = await createTestApp();
  const jonah = await createProduct(t.db, { slug: 'jonah', title: 'Jonah' }, { album: 899, cd: 546 });
  ids.album = jonah.album;
  ids.cd = jonah.cd;
  ids.monthly = await createPlan(t.db, 'monthly');
  ids.annual = await createPlan(t.db, 'annual');
  await createSku(t.db, { type: 'gift_card', code: 'gift_card', title: 'Gift card', full_price_cents: 0 });
});
afterAll(() => t.close());

/** A visitor whose cart holds these skus and is a gift to Grandma Rose. */
async function giftCart(...skuIds: number[]) {
  const v = await withCart(t.app, ...skuIds);
  expect((await v.markGift(grandma)).statusCode).toBe(200);
  return v;
}

const error = (res: { statusCode: number; json(): { code: string } }) => [res.statusCode, res.json().code];

describe('marking an order a gift', () => {
  it('puts the recipient on the cart, trimmed; the total shows it', async () => {
    const v = await withCart(t.app, ids.album);

    const res = await v.markGift({
      name: '  Grandma Rose ',
      email: ' rose@example.test ',
      message: ' For the long drive to the lake. ',
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ gift: grandma, total: 8.99, itemCount: 1 });
    expect((await v.total()).json()).toEqual(res.json());
  });

  it('takes no message (it is then empty), and a second mark replaces the first', async () => {
    const v = await giftCart(ids.album);

    const res = await v.markGift({ name: 'Uncle Ben', email: 'ben@example.test' });

    expect(res.json().gift).toEqual({ name: 'Uncle Ben', email: 'ben@example.test', message: '' });
  });

  it('refuses a missing name, an invalid e-mail or a message over the limit (400 with field errors), the cart unchanged', async () => {
    const v = await giftCart(ids.album);
    const before = (await v.total()).json();

    const missing = await v.markGift({ name: '   ', email: 'rose@example.test' });
    const invalid = await v.markGift({ name: 'Rose', email: 'rose at example' });
    const long = await v.markGift({ name: 'Rose', email: 'rose@example.test', message: 'x'.repeat(GIFT_MESSAGE_MAX + 1) });

    expect(error(missing)).toEqual([400, 'validation_failed']);
    expect(missing.json().fields).toEqual({ name: 'Required' });
    expect(error(invalid)).toEqual([400, 'validation_failed']);
    expect(invalid.json().fields).toEqual({ email: 'Invalid' });
    expect(error(long)).toEqual([400, 'validation_failed']);
    expect(long.json().fields).toEqual({ message: `Must be at most ${GIFT_MESSAGE_MAX} characters` });
    expect((await v.total()).json()).toEqual(before);
  });

  it('refuses a visitor without a cart (409 conflict) and gives them no session or cart', async () => {
    const stranger = cartVisitor(t.app);
    const res = await stranger.markGift(grandma);

    expect(error(res)).toEqual([409, 'conflict']);
    expect(res.cookies).toEqual([]);

    const cookie = await signIn(t.db, null);
    expect(error(await cartVisitor(t.app, cookie).markGift(grandma))).toEqual([409, 'conflict']);
    expect(await t.db.selectFrom('carts').select('id').where('session_id', '=', sessionIdOf(cookie)).execute()).toEqual([]);
  });
});

describe('unmarking a gift', () => {
  it('takes the cart back to no gift', async () => {
    const v = await withCart(t.app, ids.album);
    const plain = (await v.total()).json();
    await v.markGift(grandma);

    const res = await v.unmarkGift();

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(plain);
    expect(res.json().gift).toBeNull();
  });

  it('changes nothing for a cart that is no gift, or for a visitor without a cart', async () => {
    const v = await withCart(t.app, ids.album);
    const before = (await v.total()).json();

    expect((await v.unmarkGift()).json()).toEqual(before);
    const stranger = await cartVisitor(t.app).unmarkGift();
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json()).toMatchObject({ cart: { id: null }, gift: null });
    expect(stranger.cookies).toEqual([]);
  });

  it("another session's mark and unmark do not touch this cart", async () => {
    const mine = await giftCart(ids.album);
    const before = (await mine.total()).json();
    const theirs = await withCart(t.app, ids.cd);

    expect((await theirs.unmarkGift()).json()).toMatchObject({ gift: null, total: 5.46 });
    expect((await theirs.markGift({ name: 'Someone', email: 'someone@example.test' })).json().gift.name).toBe('Someone');
    expect((await mine.total()).json()).toEqual(before);
  });
});

describe('a cart of gift cards only (issue 27 item 7)', () => {
  const card = { amount: 25, name: 'Daniel Ortiz', email: 'daniel@example.test', message: '' };

  it('refuses to be marked a gift (409 gift_of_gift_cards, in the site language), the cart exactly as it was', async () => {
    const v = cartVisitor(t.app);
    expect((await v.addGiftCard(card)).statusCode).toBe(200);
    const before = (await v.total()).json();

    const refused = await v.markGift(grandma);
    expect(error(refused)).toEqual([409, 'gift_of_gift_cards']);
    expect(refused.json().message).toMatch(/gift card/i);
    expect((await v.total()).json()).toEqual(before);
    expect(before.gift).toBeNull();

    const spanish = await v.send('POST', '/crud/cart-session/gift', grandma, { host: 'es.localhost' });
    expect(error(spanish)).toEqual([409, 'gift_of_gift_cards']);
    expect(spanish.json().message).toMatch(/tarjeta de regalo/i);
  });

  it('with an album beside it the order is a gift; taking the album out keeps the mark, to be removed', async () => {
    const v = await withCart(t.app, ids.album);
    expect((await v.addGiftCard(card)).statusCode).toBe(200);
    expect((await v.markGift(grandma)).statusCode).toBe(200);

    const removed = await v.remove(ids.album);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().gift).toMatchObject({ name: 'Grandma Rose' });
    expect((await v.unmarkGift()).json().gift).toBeNull();
  });
});

describe('a gift and a subscription (spec §5)', () => {
  it('refuses marking a cart holding a subscription (409 gift_with_subscription), the cart exactly as it was', async () => {
    const v = await withCart(t.app, ids.album, ids.monthly);
    const before = (await v.total()).json();

    expect(error(await v.markGift(grandma))).toEqual([409, 'gift_with_subscription']);
    expect((await v.total()).json()).toEqual(before);
    expect(before.gift).toBeNull();
  });

  it('refuses adding a subscription to a gift cart, alone or among others, the cart exactly as it was', async () => {
    const v = await giftCart(ids.album);
    const before = (await v.total()).json();

    expect(error(await v.add(ids.monthly))).toEqual([409, 'gift_with_subscription']);
    expect(error(await v.addMany([ids.cd, ids.annual]))).toEqual([409, 'gift_with_subscription']);
    expect((await v.total()).json()).toEqual(before);
  });

  it('once unmarked, the subscription may be added; once it is removed, the order may be a gift again', async () => {
    const v = await giftCart(ids.album);
    await v.unmarkGift();

    expect((await v.add(ids.monthly)).statusCode).toBe(200);
    await v.remove(ids.monthly);
    expect((await v.markGift(grandma)).json().gift).toEqual(grandma);
  });
});

describe('a gift in the cart total', () => {
  it('comes with every cart answer and survives line changes', async () => {
    const v = await giftCart(ids.album);

    const answers = {
      add: await v.add(ids.cd),
      quantity: await v.setQuantity(ids.cd, 3),
      addMany: await v.addMany([ids.album, ids.cd]),
      remove: await v.remove(ids.album),
      total: await v.total(),
    };

    for (const res of Object.values(answers)) {
      expect(res.statusCode).toBe(200);
      expect(res.json().gift).toEqual(grandma);
    }
    expect(answers.quantity.json()).toMatchObject({ itemCount: 4, total: 25.37 });
  });

  it('the guest cart brings its gift to the account at login', async () => {
    const user = await createUser(t.db);
    const guest = await giftCart(ids.album);

    const tab = await logIn(t.app, user, guest.cookie);

    expect((await tab.total()).json()).toMatchObject({ cart: { user_id: user.id }, gift: grandma, total: 8.99 });
  });

  it('at login a gift does not join an account cart holding a subscription: the lines win, the mark is dropped', async () => {
    const user = await createUser(t.db);
    const mine = await logIn(t.app, user);
    expect((await mine.add(ids.monthly)).statusCode).toBe(200);
    const guest = await giftCart(ids.album);

    const tab = await logIn(t.app, user, guest.cookie);

    const total = (await tab.total()).json();
    expect(total.gift).toBeNull();
    expect(total.skus.map((l: { sku_id: number }) => l.sku_id).sort()).toEqual([ids.album, ids.monthly].sort());
  });
});
