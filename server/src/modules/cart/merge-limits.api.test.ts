import { type CartTotal, MAX_DONATION_LINES, MAX_LINE_QUANTITY } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, cartVisitor, logIn } from '../../../test/cart-client';
import { createPlan, createProduct, createSku, createUser } from '../../../test/factories';

/**
 * Issue 26 item 11: a guest cart joining the account's at sign-in keeps
 * every limit an add keeps. What does not fit is dropped in the cart's
 * order, and the sign-in never fails for it.
 */
let t: TestApp;

const ids = { album: 0, tracks: [] as number[], cd: 0, monthly: 0, annual: 0 };
const grandma = { name: 'Grandma Rose', email: 'rose@example.test', message: '' };
/** `count` donations to the missions fund of $first, $first + 1, …: each tells where it came from by its amount. */
const donations = (count: number, first: number) =>
  Array.from({ length: count }, (_, i) => ({
    title: 'Missions',
    description: '',
    code: 'missions',
    amount: first + i,
    type: 'donation',
  }));
const range = (count: number, first: number) => Array.from({ length: count }, (_, i) => first + i);

const totalOf = async (v: CartVisitor) => (await v.total()).json() as CartTotal;
const donated = (total: CartTotal) => total.skus.filter((l) => l.type === 'donation').map((l) => l.price_usd);
const error = (res: { statusCode: number; json(): { code: string } }) => [res.statusCode, res.json().code];

beforeAll(async () => {
  t = await createTestApp();
  const ruth = await createProduct(
    t.db,
    { slug: 'ruth', title: 'Ruth' },
    {
      album: 999,
      cd: 1299,
      track: { title: 'The field', full_price_cents: 199, length_seconds: 30, media_full: 'audio/ruth/1.mp3' },
    },
  );
  ids.album = ruth.album;
  ids.tracks = [ruth.track];
  ids.cd = ruth.cd;
  ids.monthly = await createPlan(t.db, 'monthly');
  ids.annual = await createPlan(t.db, 'annual');
  await createSku(t.db, { type: 'donation', code: 'missions', title: 'Missions', full_price_cents: 0 });
  await createSku(t.db, { type: 'gift_card', code: 'gift_card', title: 'Gift card', full_price_cents: 0 });
});
afterAll(() => t.close());

describe(`at most ${MAX_DONATION_LINES} donations after signing in`, () => {
  it("keeps the account's donations and the guest's first ones up to the limit, when the account's cart has other lines", async () => {
    const user = await createUser(t.db);
    const mine = await logIn(t.app, user);
    expect((await mine.add(ids.cd)).statusCode).toBe(200);
    expect((await mine.donate(donations(15, 1))).statusCode).toBe(200);
    const guest = cartVisitor(t.app);
    expect((await guest.donate(donations(15, 101))).statusCode).toBe(200);

    const merged = await totalOf(await logIn(t.app, user, guest.cookie));

    expect(donated(merged)).toEqual([...range(15, 1), ...range(5, 101)]);
    expect(merged.skus.filter((l) => l.type === 'physical')).toHaveLength(1);
  });

  it("keeps them in the cart's order when the account's cart holds donations only (the guest's lines move over)", async () => {
    const user = await createUser(t.db);
    const mine = await logIn(t.app, user);
    expect((await mine.donate(donations(MAX_DONATION_LINES, 1))).statusCode).toBe(200);
    const guest = cartVisitor(t.app);
    await guest.add(ids.album);
    expect((await guest.donate(donations(3, 101))).statusCode).toBe(200);

    const tab = await logIn(t.app, user, guest.cookie);

    const merged = await totalOf(tab);
    expect(donated(merged)).toEqual(range(MAX_DONATION_LINES, 1));
    expect(merged.skus.map((l) => l.sku_id)).toContain(ids.album);
    // The cart is as an add would have left it: one more donation is refused.
    expect(error(await tab.donate(donations(1, 500)))).toEqual([409, 'donation_limit']);
  });

  it('keeps a guest cart that fits as it is', async () => {
    const user = await createUser(t.db);
    const mine = await logIn(t.app, user);
    expect((await mine.donate(donations(5, 1))).statusCode).toBe(200);
    const guest = cartVisitor(t.app);
    expect((await guest.donate(donations(MAX_DONATION_LINES - 5, 101))).statusCode).toBe(200);

    const merged = await totalOf(await logIn(t.app, user, guest.cookie));

    expect(donated(merged)).toEqual([...range(5, 1), ...range(MAX_DONATION_LINES - 5, 101)]);
  });

  it('counts monthly donations too, whichever cart they come from', async () => {
    const user = await createUser(t.db);
    const mine = await logIn(t.app, user);
    await createSku(t.db, {
      type: 'recurring_donation',
      code: `missions_monthly_${user.id}`,
      title: 'Monthly',
      full_price_cents: 0,
    });
    const monthly = donations(12, 1).map((d) => ({ ...d, code: `missions_monthly_${user.id}`, type: 'recurring_donation' }));
    expect((await mine.donate(monthly)).statusCode).toBe(200);
    const guest = cartVisitor(t.app);
    expect((await guest.donate(donations(12, 101))).statusCode).toBe(200);

    const merged = await totalOf(await logIn(t.app, user, guest.cookie));

    const kept = merged.skus.filter((l) => l.type === 'donation' || l.type === 'recurring_donation');
    expect(kept.map((l) => l.price_usd)).toEqual([...range(12, 1), ...range(8, 101)]);
  });
});

describe('the other limits of an add, after signing in', () => {
  it('one gift card (the guest’s), one plan (the guest’s), at most 99 of a line, an album covering its tracks', async () => {
    const user = await createUser(t.db);
    const mine = await logIn(t.app, user);
    await mine.add(ids.cd, 60);
    await mine.add(ids.tracks[0]!);
    await mine.add(ids.monthly);
    await mine.addGiftCard({ amount: 40, ...grandma, name: 'Old choice' });
    const guest = cartVisitor(t.app);
    await guest.add(ids.cd, 70);
    await guest.add(ids.album);
    await guest.add(ids.annual);
    await guest.addGiftCard({ amount: 25, ...grandma });

    const tab = await logIn(t.app, user, guest.cookie);

    const merged = await totalOf(tab);
    const byType = (type: string) => merged.skus.filter((l) => l.type === type);
    expect(byType('physical').map((l) => l.quantity)).toEqual([MAX_LINE_QUANTITY]);
    expect(byType('digital_track')).toEqual([]);
    expect(byType('digital_album').map((l) => l.sku_id)).toEqual([ids.album]);
    expect(byType('subscription').map((l) => l.sku_id)).toEqual([ids.annual]);
    expect(byType('gift_card').map((l) => [l.price_usd, l.recipient?.name])).toEqual([[25, 'Grandma Rose']]);
    // As an add would have left it: a second gift card is refused.
    expect(error(await tab.addGiftCard({ amount: 10, ...grandma }))).toEqual([409, 'gift_card_in_cart']);
  });
});
