import type { Db } from '../../db/database';

/**
 * The sku ids in a session's cart: what the catalogue needs for its
 * isInCart flags (spec §4 "in-cart flags re-synced after every change").
 */
export async function skuIdsInCart(db: Db, sessionId: string | undefined): Promise<Set<number>> {
  if (!sessionId) return new Set();
  const rows = await db
    .selectFrom('cart_lines')
    .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
    .where('carts.session_id', '=', sessionId)
    .select('cart_lines.sku_id')
    .execute();
  return new Set(rows.map((r) => r.sku_id));
}
