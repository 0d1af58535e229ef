import type { Db } from '../../db/database';
import type { Seeder } from '../../db/seeder';
import { TestProcessor } from '../../providers/payments/test-processor';
import { cartService } from '../cart/cart.service';
import { demoCheckout, SEED_CLIENT } from '../orders/orders.seed';
import { stateOf } from './subscription-events';
import { subscriptionsRepository } from './subscriptions.repository';

const DAY = 24 * 60 * 60 * 1000;
const CUSTOMER = 'family@storyhouse.example';

/**
 * Issue 28 item 6: the demo customer's monthly plan, bought 75 days ago
 * with the saved demo card and renewed twice since (three paid invoices),
 * and a monthly gift to "New recordings" given 20 days ago: My
 * subscription shows a history on a fresh start. Bought through the real
 * checkout on a test processor whose clock is set back, then billed by the
 * processor up to now. The renewals' events are delivered by the server's
 * billing worker once it runs (the receipts then reach the developer
 * mailbox). Before the demo gift cards, so the card pays, not their balance.
 */
export const subscriptionsSeeder: Seeder = {
  name: 'subscriptions.demo-plan',
  transaction: false,
  async run(db) {
    const customer = await db.selectFrom('users').select('id').where('email', '=', CUSTOMER).executeTakeFirst();
    const plan = await db
      .selectFrom('skus')
      .select('id')
      .where('type', '=', 'subscription')
      .where('code', '=', 'monthly')
      .executeTakeFirst();
    const card = customer && (await savedCard(db, customer.id));
    if (!customer || !plan || !card) return;

    const buy = async (daysAgo: number, fill: (owner: { userId: number; sessionId: string }) => Promise<unknown>) => {
      const at = new Date(Date.now() - daysAgo * DAY);
      // The processor's time is the seed's "then" (plus its clock's offset, 0 on a fresh database).
      const then = new TestProcessor(db, { now: () => at });
      const purchases = demoCheckout(db, then);
      const owner = { userId: customer.id, sessionId: '' };
      await fill(owner);
      const total = await cartService(db).view(owner);
      const paid = await purchases.purchase(
        { userId: customer.id, masquerading: false },
        { stripe_token: card, expected_total: total.fullTotal, cart_id: total.cart.id as number, lang_code: 'en' },
        SEED_CLIENT,
      );
      await db
        .updateTable('orders')
        .set({ created_at: at, paid_at: at, updated_at: at })
        .where('id', '=', paid.order_id)
        .execute();
      await db.updateTable('recurring_items').set({ created_at: at }).where('order_id', '=', paid.order_id).execute();
    };

    const cart = cartService(db);
    await buy(75, (owner) => cart.add(async () => owner, { sku_id: plan.id, quantity: 1, auto_update: true }));
    const fund = await db
      .selectFrom('skus')
      .select('code')
      .where('type', '=', 'recurring_donation')
      .where('code', '=', 'new_recordings_monthly')
      .executeTakeFirst();
    if (fund?.code) {
      await buy(20, (owner) =>
        cart.addDonations(
          async () => owner,
          [{ title: 'New recordings', description: '', code: fund.code as string, amount: 10, type: 'recurring_donation' }],
        ),
      );
    }
    // The renewals since (45 and 15 days ago), as the billing worker would have made them; the local record follows
    // the processor now (their events, with the receipts, are handed over by the server's billing worker).
    const now = new TestProcessor(db);
    await now.billDue();
    const repo = subscriptionsRepository(db);
    for (const item of await repo.liveOf(customer.id)) {
      const sub = await now.retrieveSubscription(item.subscription_id);
      if (sub) await repo.follow(item.id, stateOf(sub));
    }
  },
};

/** The demo customer's saved card at the test processor (the demo orders saved it). */
async function savedCard(db: Db, userId: number) {
  const row = await db
    .selectFrom('payment_customers')
    .select('customer_id')
    .where('user_id', '=', userId)
    .where('provider', '=', 'test')
    .executeTakeFirst();
  if (!row) return undefined;
  const [card] = await new TestProcessor(db).listCards(row.customer_id);
  return card?.id;
}
