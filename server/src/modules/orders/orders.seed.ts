import type { Db } from '../../db/database';
import type { Seeder } from '../../db/seeder';
import { TestProcessor } from '../../providers/payments/test-processor';
import { addressesService } from '../cart/addresses.service';
import { cartService } from '../cart/cart.service';
import { cardAttempts } from '../payments/card-attempts';
import { purchasesService } from './purchases.service';

const DAY = 24 * 60 * 60 * 1000;
/** The seed's own client address for the card checks (its demo card is never declined). */
export const SEED_CLIENT = '127.0.0.1';

/**
 * Checkout as the demo seeders use it, on the built-in test processor they
 * give: the demo orders hold no gift (no claim link is written) and are
 * history (no alert to post them).
 */
export function demoCheckout(db: Db, payments: TestProcessor) {
  return purchasesService({
    db,
    payments,
    origins: { en: '', es: '', ru: '' },
    attempts: cardAttempts(db, { ministryEmail: '' }),
    ministryEmail: '',
  });
}
const CUSTOMER = 'family@storyhouse.example';

/** The demo customer's address, saved in their address book by the first order. */
const DEMO_ADDRESS = {
  fname: 'Grace',
  lname: 'Miller',
  email: CUSTOMER,
  phone: '+1 864 555 0100',
  line1: '12 Elm Street',
  country_id: 33,
  state: 'SC',
  city: 'Greenville',
  postal_code: '29601',
};

/**
 * Issue 13 item 10: the demo customer's two past orders (a CD, shipped, and
 * an album download), paid through the real checkout with the built-in
 * test processor's 4242 card, which stays saved. Runs before the demo gift
 * cards are given, so the orders are paid by card; without a transaction,
 * because the processor and checkout keep their own.
 */
export const ordersSeeder: Seeder = {
  name: 'orders.demo-orders',
  transaction: false,
  async run(db) {
    const customer = await db.selectFrom('users').select('id').where('email', '=', CUSTOMER).executeTakeFirst();
    const skus = await db
      .selectFrom('skus')
      .innerJoin('products', 'products.id', 'skus.product_id')
      .select(['skus.id', 'products.slug', 'skus.type'])
      .where((eb) =>
        eb.or([
          eb.and([eb('products.slug', '=', 'in-the-beginning'), eb('skus.type', '=', 'physical')]),
          eb.and([eb('products.slug', '=', 'noahs-big-boat'), eb('skus.type', '=', 'digital_album')]),
        ]),
      )
      .execute();
    const cd = skus.find((s) => s.type === 'physical');
    const album = skus.find((s) => s.type === 'digital_album');
    if (!customer || !cd || !album) return;

    const processor = new TestProcessor(db);
    const purchases = demoCheckout(db, processor);
    const owner = { userId: customer.id, sessionId: '' };
    const cart = cartService(db);
    const buyer = { userId: customer.id, masquerading: false };
    const year = new Date().getFullYear() + 3;
    const token = await processor.createToken({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: year,
      cvc: '123',
      name: 'Grace Miller',
    });
    if (!token.ok) throw new Error('the demo card was refused');

    const first = await cart.add(async () => owner, { sku_id: cd.id, quantity: 1, auto_update: true });
    const cartId = first.cart.id as number;
    await addressesService(db).setAddress(customer.id, cartId, 'shipping', DEMO_ADDRESS);
    const total1 = await cart.view(owner);
    const paid1 = await purchases.purchase(
      buyer,
      {
        stripe_token: token.token.id,
        expected_total: total1.fullTotal,
        cart_id: cartId,
        lang_code: 'en',
        save_card: true,
      },
      SEED_CLIENT,
    );

    await cart.add(async () => owner, { sku_id: album.id, quantity: 1, auto_update: true });
    const total2 = await cart.view(owner);
    const { customer_id } = await db
      .selectFrom('payment_customers')
      .select('customer_id')
      .where('user_id', '=', customer.id)
      .executeTakeFirstOrThrow();
    const [card] = await processor.listCards(customer_id);
    const paid2 = await purchases.purchase(
      buyer,
      {
        stripe_token: card?.id ?? '',
        expected_total: total2.fullTotal,
        cart_id: cartId,
        lang_code: 'en',
      },
      SEED_CLIENT,
    );

    // Placed 40 and 12 days ago.
    for (const [id, days] of [
      [paid1.order_id, 40],
      [paid2.order_id, 12],
    ] as const) {
      const at = new Date(Date.now() - days * DAY);
      await db.updateTable('orders').set({ created_at: at, paid_at: at, updated_at: at }).where('id', '=', id).execute();
      await db.updateTable('ownership').set({ granted_at: at }).where('order_id', '=', id).execute();
    }
  },
};
