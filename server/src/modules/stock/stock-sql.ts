import { type RawBuilder, sql } from 'kysely';

/**
 * What the stock rule reads, as SQL fragments other modules put in their own
 * queries (the catalogue's skus, the cart's lines), as entitlement-rows.ts
 * does for the access rule: one query per page, not one per sku.
 *
 * A CD's or a book's copies still for sale are its count on the shelf
 * (`skus.stock`, which the transaction that marks an order paid lowers) less
 * what pending orders hold: an order written before its charge holds what it
 * bought until it is paid (its count is then taken) or given up (it holds
 * nothing more). `stock` null is "not tracked": always for sale.
 */

/** What the pending orders hold of the sku `skuId` (a column reference): few orders, read by orders_pending_idx. */
export const heldByPendingOrders = (skuId: RawBuilder<unknown>) =>
  sql<number>`(select coalesce(sum(hl.quantity), 0)::integer from orders ho
    join order_lines hl on hl.order_id = ho.id
    where ho.status = 'pending' and hl.sku_id = ${skuId})`;

/** The copies of the sku aliased `alias` still for sale, never below 0; null when it is not counted. */
export const stockLeft = (alias: string) =>
  sql<number | null>`case when ${sql.ref(`${alias}.stock`)} is null then null
    else greatest(${sql.ref(`${alias}.stock`)} - ${heldByPendingOrders(sql.ref(`${alias}.id`))}, 0) end`;

/** A counted sku with none left to sell: what the shop says "Sold out" of. */
export const isSoldOut = (left: number | null | undefined) => left !== null && left !== undefined && left <= 0;
