import { MAX_STOCK, stockedTypes } from '@storyhouse/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { heldByPendingOrders, stockLeft } from './stock-sql';

/** The only SQL of the stock (decision 061): counts read, held, taken, given back and set; the low-stock list. */
export function stockRepository(db: Db) {
  return {
    /**
     * The counted skus among `ids`, locked until the transaction ends, in id
     * order (two checkouts of the same CDs wait for each other, never in a
     * circle). FOR NO KEY UPDATE: an order line or a cart line naming the
     * sku (a foreign key's share lock) does not wait for it.
     */
    lockCounted(ids: readonly number[]) {
      return db
        .selectFrom('skus')
        .select(['id', 'stock'])
        .where('id', 'in', ids)
        .where('stock', 'is not', null)
        .orderBy('id')
        .forNoKeyUpdate()
        .execute();
    },

    /** What pending orders hold of each of the skus (read after their locks: the orders committed meanwhile count). */
    async held(ids: readonly number[]) {
      const rows = await db
        .selectFrom('skus as s')
        .select(['s.id', heldByPendingOrders(sql.ref('s.id')).as('held')])
        .where('s.id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [r.id, Number(r.held)]));
    },

    /** The copies still for sale of each counted sku among `ids`, with the title a refusal names it by. */
    left(ids: readonly number[]) {
      return db
        .selectFrom('skus as s')
        .leftJoin('products as p', 'p.id', 's.product_id')
        .select(['s.id', sql<string>`coalesce(p.title, s.title)`.as('title'), stockLeft('s').as('left')])
        .where('s.id', 'in', ids)
        .where('s.stock', 'is not', null)
        .execute();
    },

    async titles(ids: readonly number[]) {
      const rows = await db
        .selectFrom('skus as s')
        .leftJoin('products as p', 'p.id', 's.product_id')
        .select(['s.id', sql<string>`coalesce(p.title, s.title)`.as('title')])
        .where('s.id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [r.id, r.title]));
    },

    /** Takes `quantity` off a counted sku's shelf, never below 0; the count after (undefined: not counted). */
    async take(skuId: number, quantity: number) {
      const row = await db
        .updateTable('skus')
        .set({ stock: sql<number>`greatest(stock - ${quantity}, 0)` })
        .where('id', '=', skuId)
        .where('stock', 'is not', null)
        .returning('stock')
        .executeTakeFirst();
      return row?.stock ?? undefined;
    },

    /** Puts `quantity` back on a counted sku's shelf; the count after (undefined: not counted). */
    async giveBack(skuId: number, quantity: number) {
      const row = await db
        .updateTable('skus')
        .set({ stock: sql<number>`least(stock + ${quantity}, ${MAX_STOCK})` })
        .where('id', '=', skuId)
        .where('stock', 'is not', null)
        .returning('stock')
        .executeTakeFirst();
      return row?.stock ?? undefined;
    },

    /** A sku of the product, locked for a change of its count. */
    lockSku(productId: number, skuId: number) {
      return db
        .selectFrom('skus')
        .select(['id', 'type', 'title', 'stock', 'low_stock_threshold'])
        .where('id', '=', skuId)
        .where('product_id', '=', productId)
        .forNoKeyUpdate()
        .executeTakeFirst();
    },

    async setStock(skuId: number, values: { stock: number | null; low_stock_threshold: number }) {
      await db.updateTable('skus').set(values).where('id', '=', skuId).execute();
    },

    /** Counts every CD and book not counted yet (the demo shop's shelf). */
    async countUncounted(stock: number) {
      await db.updateTable('skus').set({ stock }).where('stock', 'is', null).where('type', 'in', stockedTypes).execute();
    },

    /**
     * The counted CDs and books on sale at or below their threshold: fewest
     * copies first, then by title. A withdrawn product or a hidden or
     * unavailable sku is no to-do.
     */
    lowStock() {
      return db
        .selectFrom('skus as s')
        .innerJoin('products as p', 'p.id', 's.product_id')
        .select([
          'p.id as product_id',
          's.id as sku_id',
          's.type',
          'p.title',
          'p.slug',
          sql<number>`s.stock`.as('stock'),
          's.low_stock_threshold',
        ])
        .where('s.stock', 'is not', null)
        .where(sql<boolean>`s.stock <= s.low_stock_threshold`)
        .where('s.type', 'in', stockedTypes)
        .where('s.is_hidden', '=', false)
        .where('s.is_available', '=', true)
        .where('p.is_available', '=', true)
        .orderBy('s.stock')
        .orderBy('p.title')
        .orderBy('s.id')
        .execute();
    },
  };
}
