import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { requireUser } from '../accounts/guards';

/** The signed-in user whose money or cards a call touches, and whether an admin is acting as them. */
export interface Payer {
  userId: number;
  masquerading: boolean;
}

/** 401 for a visitor. */
export async function payerOf(request: FastifyRequest): Promise<Payer> {
  const { user, session } = await requireUser(request);
  return { userId: user.id, masquerading: Boolean(session.masquerade_admin_id) };
}

/** Issue 13 item 5: while an admin impersonates a family, no purchase, card use or card change (403). */
export function assertOwnMoney(payer: Payer) {
  if (payer.masquerading) throw new AppError('not_allowed', 'payment_not_while_masquerading');
}
