import type { Db } from '../../db/database';

/**
 * The in-cart marks (spec §4 "in-cart flags re-synced after every change"),
 * below the cart so that the catalogue and My Library, which the cart itself
 * builds on, can show them (decision 031). The cart's own tables are read
 * here only for these marks; the cart module keeps everything else.
 */

/**
 * The sku ids (`sku_id` rows) in the cart a session sees: the guest's own, or
 * the signed-in user's from any of their sessions. A query of its own, or a
 * part of a larger one (the library page reads its in-cart marks with it).
 */
export function skusInCartSeenBy(db: Db, sessionId: string) {
  return db
    .selectFrom('cart_lines')
    .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
    .where((eb) =>
      eb.or([
        eb('carts.session_id', '=', sessionId),
        eb('carts.user_id', '=', eb.selectFrom('sessions').select('sessions.user_id').where('sessions.id', '=', sessionId)),
      ]),
    )
    .select('cart_lines.sku_id');
}

/**
 * The sku ids in the cart a session sees: what the catalogue needs for its
 * isInCart flags. A guest's cart is the session's; a signed-in user's is the
 * user's, so it is found from any of their sessions
 * (docs/decisions/006-cart.md). None without a session.
 */
export async function skuIdsInCart(db: Db, sessionId: string | undefined): Promise<Set<number>> {
  if (!sessionId) return new Set();
  const rows = await skusInCartSeenBy(db, sessionId).execute();
  return new Set(rows.map((r) => r.sku_id));
}
