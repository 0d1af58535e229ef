import { type AdminStockBody, type LowStockProduct, type StockedType, stockedTypes } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { stockRepository } from './stock.repository';

/**
 * Stock for what is posted (decision 061), one place for every rule about it:
 * - a checkout locks the counted CDs and books it buys and refuses, before
 *   anything is written or charged, what is no longer there (409 sold_out,
 *   stock_short): its pending order then holds them;
 * - the transaction that marks an order paid takes them off the shelf;
 * - a refund of a line not yet posted, and a return with restock, put them back;
 * - the cart refuses adding more than is left, and the back office sets the
 *   count (a count that changed since it was read is refused).
 */

/** An order's or a cart's line, as the stock reads it: only counted CDs and books matter. */
export interface StockLine {
  sku_id: number | null;
  type: string;
  quantity: number;
}

const isStocked = (type: string): type is StockedType => stockedTypes.includes(type as StockedType);

/** How many of each posted sku the lines name (a sku twice counts twice), by sku id in id order. */
function wantedOf(lines: readonly StockLine[]) {
  const wanted = new Map<number, number>();
  for (const l of lines) {
    if (l.sku_id === null || !isStocked(l.type)) continue;
    wanted.set(l.sku_id, (wanted.get(l.sku_id) ?? 0) + l.quantity);
  }
  return new Map([...wanted].sort(([a], [b]) => a - b));
}

/** The refusal of `title` when only `left` copies remain: sold out, or fewer than asked. */
const refusal = (title: string, left: number) =>
  left <= 0 ? new AppError('conflict', 'sold_out', { title }) : new AppError('conflict', 'stock_short', { title, count: left });

/**
 * Refuses lines asking more of a counted CD or book than is left to sell.
 * `lock` (checkout, in the transaction that then writes the pending order):
 * the counts are locked first, so two families buying the last copy at once
 * take turns, and the second sees the first's pending order holding it.
 * Without it (the cart), the counts are read as they are.
 */
export async function assertInStock(db: Db, lines: readonly StockLine[], { lock = false } = {}) {
  const wanted = wantedOf(lines);
  if (wanted.size === 0) return;
  const repo = stockRepository(db);
  const ids = [...wanted.keys()];
  if (lock) {
    const counted = await repo.lockCounted(ids);
    if (counted.length === 0) return;
    const held = await repo.held(counted.map((c) => c.id));
    const short = counted.find((c) => (c.stock ?? 0) - (held.get(c.id) ?? 0) < (wanted.get(c.id) ?? 0));
    if (!short) return;
    const title = (await repo.titles([short.id])).get(short.id) ?? '';
    throw refusal(title, (short.stock ?? 0) - (held.get(short.id) ?? 0));
  }
  const short = (await repo.left(ids)).find((r) => (r.left ?? 0) < (wanted.get(r.id) ?? 0));
  if (short) throw refusal(short.title, short.left ?? 0);
}

/** Whether what is left covers the lines now (a late payment: its order held nothing while it was given up on). */
export async function stockCovers(db: Db, lines: readonly StockLine[]) {
  const wanted = wantedOf(lines);
  if (wanted.size === 0) return true;
  return (await stockRepository(db).left([...wanted.keys()])).every((r) => (r.left ?? 0) >= (wanted.get(r.id) ?? 0));
}

/**
 * The order's counted CDs and books leave the shelf: in the transaction that
 * marks it paid, so a count never disagrees with the orders paid. Never
 * below 0: a paid order is honoured even when a volunteer lowered the count
 * while it was being charged.
 */
export async function takeFromStock(db: Db, lines: readonly StockLine[]) {
  const repo = stockRepository(db);
  for (const [skuId, quantity] of wantedOf(lines)) await repo.take(skuId, quantity);
}

/** Copies come back on the shelf (a refund before posting, a return with restock); what is not counted stays so. */
export async function returnToStock(db: Db, lines: readonly StockLine[]) {
  const repo = stockRepository(db);
  for (const [skuId, quantity] of wantedOf(lines)) await repo.giveBack(skuId, quantity);
}

/**
 * A CD's or a book's count and threshold set in the back office, in the
 * caller's transaction: the sku locked, refused when it is no posted sku
 * (400 stock_not_posted) or when its count moved since the editor read it
 * (409 stock_changed). Answers the values before and after, for the audit log.
 */
export async function setStock(db: Db, productId: number, skuId: number, body: AdminStockBody) {
  const repo = stockRepository(db);
  const sku = await repo.lockSku(productId, skuId);
  if (!sku) throw new AppError('not_found', 'item_not_found');
  if (!isStocked(sku.type)) throw new AppError('invalid_data', 'stock_not_posted');
  if (sku.stock !== body.stock_read) throw new AppError('conflict', 'stock_changed');
  const after = { stock: body.stock, low_stock_threshold: body.low_stock_threshold };
  await repo.setStock(skuId, after);
  return { sku, before: { stock: sku.stock, low_stock_threshold: sku.low_stock_threshold }, after };
}

/**
 * The back office's low-stock list: every counted CD and book on sale at or
 * below its threshold, fewest copies first (the Overview's to-do list and
 * the ministry's daily e-mail read it).
 */
export async function lowStockProducts(db: Db): Promise<LowStockProduct[]> {
  const rows = await stockRepository(db).lowStock();
  return rows.map((r) => ({ ...r, type: r.type as StockedType, stock: Number(r.stock) }));
}
