import { describe, expect, it } from 'vitest';
import { insertUserCart, useMigratedDatabase } from '../../../test/migration-table';
import { newOrderNumber } from '../../lib/order-number';
import type { Db } from '../database';

/** 0015_orders: what the tables refuse, whatever code writes them (issue 13 items 4 and 5). */
describe('0015_orders', () => {
  const t = useMigratedDatabase();

  const order = (db: Db, values: { user_id: number; cart_id: number } & Record<string, unknown>) =>
    db
      .insertInto('orders')
      .values({ lang_code: 'en', subtotal_cents: 999, total_cents: 999, number: newOrderNumber(), ...values })
      .returning('id')
      .executeTakeFirstOrThrow();

  async function cartOwner() {
    const cart = await insertUserCart(t.db);
    const { user_id } = await t.db.selectFrom('carts').select('user_id').where('id', '=', cart.id).executeTakeFirstOrThrow();
    return { cart_id: cart.id, user_id: user_id as number };
  }

  it('keeps one pending order per cart; failed and paid ones do not count', async () => {
    const owner = await cartOwner();
    const first = await order(t.db, owner);
    await expect(order(t.db, owner)).rejects.toThrow(/orders_one_pending_per_cart/);
    await t.db.updateTable('orders').set({ status: 'failed' }).where('id', '=', first.id).execute();
    await expect(order(t.db, owner)).resolves.toBeDefined();
  });

  it('keeps the total equal to its parts, and a paid order with a charge and a date', async () => {
    const owner = await cartOwner();
    await expect(order(t.db, { ...owner, total_cents: 998 })).rejects.toThrow(/check/);
    const { id } = await order(t.db, owner);
    await expect(t.db.updateTable('orders').set({ status: 'paid' }).where('id', '=', id).execute()).rejects.toThrow(/check/);
    await expect(
      t.db.updateTable('orders').set({ status: 'paid', paid_at: new Date() }).where('id', '=', id).execute(),
    ).rejects.toThrow(/check/);
    await t.db
      .updateTable('orders')
      .set({ status: 'paid', paid_at: new Date(), payment_provider: 'test', payment_id: 'pi_1' })
      .where('id', '=', id)
      .execute();
  });

  it('never lets a sold sku be deleted from under what a family owns', async () => {
    const owner = await cartOwner();
    const { id: productId } = await t.db
      .insertInto('products')
      .values({ slug: 'kept', title: 'Kept', lang_code: 'en' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: skuId } = await t.db
      .insertInto('skus')
      .values({ product_id: productId, type: 'digital_album', title: 'Kept (MP3)', full_price_cents: 999 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: orderId } = await order(t.db, owner);
    await t.db
      .insertInto('order_lines')
      .values({
        order_id: orderId,
        position: 1,
        sku_id: skuId,
        product_id: productId,
        type: 'digital_album',
        title: 'Kept',
        unit_price_cents: 999,
        quantity: 1,
        subtotal_cents: 999,
      })
      .execute();
    await t.db
      .insertInto('ownership')
      .values({ user_id: owner.user_id, sku_id: skuId, product_id: productId, type: 'digital_album', order_id: orderId })
      .execute();
    await expect(t.db.deleteFrom('products').where('id', '=', productId).execute()).rejects.toThrow(/foreign key/);
    const lines = await t.db.selectFrom('order_lines').select(['title', 'sku_id']).where('order_id', '=', orderId).execute();
    expect(lines).toEqual([{ title: 'Kept', sku_id: skuId }]);
  });

  it('keeps a line’s subtotal and discount consistent', async () => {
    const { id: orderId } = await order(t.db, await cartOwner());
    const line = { order_id: orderId, type: 'physical', title: 'CD', unit_price_cents: 500, quantity: 2 };
    await expect(
      t.db
        .insertInto('order_lines')
        .values({ ...line, position: 1, subtotal_cents: 900 })
        .execute(),
    ).rejects.toThrow(/check/);
    await expect(
      t.db
        .insertInto('order_lines')
        .values({ ...line, position: 2, subtotal_cents: 1000, discount_cents: 1001 })
        .execute(),
    ).rejects.toThrow(/check/);
  });
});
