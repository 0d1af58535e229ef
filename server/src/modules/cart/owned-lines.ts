import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { ownedAmong, ownedSkus } from '../entitlements/access';
import type { EntitlementRow } from '../entitlements/entitlement-rows';
import { cartRepository } from './cart.repository';

/**
 * Issue 26 item 5: what a family already owns (decision 016, the library's
 * access rule: an owned digital album owns every track of its product, an
 * owned track itself) is not sold to it a second time. Adding it is refused,
 * a sign-in merge takes it out, a cart that holds it anyway (it came to be
 * owned after it was added: a gift claimed, an order paid in another tab)
 * shows it as owned and leaves it out of the total, and checkout takes it
 * out before anything is charged. CDs and books are things: always for sale.
 *
 * Only a signed-in family has a library, and only its own orders are for
 * itself: a visitor's cart and a gift order (for someone else) hold what
 * they like.
 */

/** A cart line as the rule needs it. */
interface Line {
  sku_id: number;
  type: string;
  product_id: number | null;
}

const ownable = (lines: readonly Line[]) => lines.map((l) => ({ skuId: l.sku_id, type: l.type, productId: l.product_id }));

/**
 * The sku ids among a cart's lines that its owner already owns, from the
 * access rule's facts the cart total read with its lines (`entitlements`:
 * cart.repository findTotalSource), so the total makes no query of its own;
 * none for a visitor's cart (`user_id` null) or a gift order.
 */
export function ownedLineIds(
  cart: { user_id: number | null; isGift: boolean },
  lines: readonly Line[],
  entitlements: readonly EntitlementRow[],
): ReadonlySet<number> {
  if (cart.user_id === null || cart.isGift) return new Set();
  return ownedAmong(ownable(lines), entitlements);
}

/** The lines of `after` that `before` did not hold: what an edit of the cart brings in. */
export function linesAdded<L extends Line>(before: readonly Line[], after: Iterable<L>): L[] {
  const held = new Set(before.map((l) => l.sku_id));
  return [...after].filter((l) => !held.has(l.sku_id));
}

/** Refuses the add (409 item_already_owned) when the signed-in family already owns one of the lines it brings in. */
export async function assertNotOwned(db: Db, userId: number | null, added: readonly Line[]) {
  if (userId === null || added.length === 0) return;
  if ((await ownedSkus(db, userId, ownable(added))).size > 0) throw new AppError('conflict', 'item_already_owned');
}

/**
 * Inside the cart's transaction, under its lock: takes out of the user's
 * cart the lines they already own (a sign-in merge brings a guest's choice
 * into an account with a library). The caller decides it is no gift order.
 */
export async function dropOwnedLines(trx: Db, cartId: number, userId: number) {
  const tx = cartRepository(trx);
  const owned = await ownedSkus(trx, userId, ownable(await tx.lockedLines(cartId)));
  await tx.deleteLines(cartId, [...owned]);
}
