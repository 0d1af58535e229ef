import type { Db } from '../../db/database';

/**
 * The sku ids in the cart a session sees: what the catalogue needs for its
 * isInCart flags (spec §4 "in-cart flags re-synced after every change").
 * A guest's cart is the session's; a signed-in user's is the user's, so
 * it is found from any of their sessions (docs/decisions/006-cart.md).
 */
export async function skuIdsInCart(db: Db, sessionId: string | undefined): Promise<Set<number>> {
  if (!sessionId) return new Set();
  const rows = await db
    .selectFrom('cart_lines')
    .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
    .where((eb) =>
      eb.or([
        eb('carts.session_id', '=', sessionId),
        eb('carts.user_id', '=', eb.selectFrom('sessions').select('sessions.user_id').where('sessions.id', '=', sessionId)),
      ]),
    )
    .select('cart_lines.sku_id')
    .execute();
  return new Set(rows.map((r) => r.sku_id));
}
