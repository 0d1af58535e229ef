import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { hasActivePlan } from '../entitlements/access';
import { cartRepository } from './cart.repository';

/**
 * One plan at a time (issue 28): a family whose plan is active (the library's
 * rule: started by checkout, active, not cancelled as of now) does not buy a
 * second one, which would renew beside the first. Adding a plan to its cart
 * is refused, and so is paying for a cart that holds one (the plan may have
 * started in another tab since it was added). A visitor has no plan yet:
 * checkout, which needs a sign-in, asks again. One query, only when a plan
 * is among the lines.
 */
export async function assertNoSecondPlan(db: Db, userId: number | null, lines: readonly { type: string }[]) {
  if (userId === null || !lines.some((l) => l.type === 'subscription')) return;
  if (await hasActivePlan(db, userId)) throw new AppError('conflict', 'plan_already_active');
}

/**
 * Inside the cart's transaction, under its lock: a sign-in merge brings a
 * guest's plan into an account whose plan is active; it leaves the cart
 * there, as an owned album does, instead of waiting to be refused at checkout.
 */
export async function dropSecondPlan(trx: Db, cartId: number, userId: number) {
  const tx = cartRepository(trx);
  const plans = (await tx.lockedLines(cartId)).filter((l) => l.type === 'subscription').map((l) => l.sku_id);
  if (plans.length > 0 && (await hasActivePlan(trx, userId))) await tx.deleteLines(cartId, plans);
}
