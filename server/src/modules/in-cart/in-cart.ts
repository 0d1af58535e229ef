import type { Db } from '../../db/database';

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
