import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { currentUser } from './current-user';

/**
 * The route guards: every call that needs a signed-in user or an admin asks
 * here, so the rule and its answers (401 not_authenticated, 403 forbidden)
 * are the same everywhere. Beside currentUser, which they are built on.
 */

/** The signed-in user and their session; 401 not_authenticated for a visitor. */
export async function requireUser(request: FastifyRequest) {
  const current = await currentUser(request);
  if (!current) throw new AppError('not_authenticated', 'not_authenticated');
  return current;
}

/**
 * The signed-in admin acting as themself: 401 for a visitor, 403 for anyone
 * else, including an admin who is impersonating someone (they act as that
 * user until they end it).
 */
export async function requireAdmin(request: FastifyRequest) {
  const { user, session } = await requireUser(request);
  if (!user.is_admin || session.masquerade_admin_id) throw new AppError('not_allowed', 'forbidden');
  return user;
}
