import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { currentUser } from './current-user';

/**
 * The route guards: every call that needs a signed-in user or an admin asks
 * here, so the rule and its answers (401 not_authenticated, 403 forbidden)
 * are the same everywhere. Beside currentUser, which they are built on.
 */

type Current = NonNullable<Awaited<ReturnType<typeof currentUser>>>;

/**
 * The user a route's access check found before its body was read
 * (access.plugin.ts): the handler's first guard takes it rather than ask the
 * database again; a later call asks afresh.
 */
const checkedBefore = new WeakMap<FastifyRequest, Current>();

/** The signed-in user and their session; 401 not_authenticated for a visitor. */
export async function requireUser(request: FastifyRequest) {
  const checked = checkedBefore.get(request);
  if (checked) {
    checkedBefore.delete(request);
    return checked;
  }
  const current = await currentUser(request);
  if (!current) throw new AppError('not_authenticated', 'not_authenticated');
  return current;
}

/** Access checked before the body is read (access.plugin.ts): the user, or the guard's refusal; kept for the handler. */
export async function checkAccess(request: FastifyRequest, access: 'user' | 'admin') {
  const current = await requireUser(request);
  if (access === 'admin') assertAdmin(current);
  checkedBefore.set(request, current);
}

function assertAdmin({ user, session }: Current) {
  if (!user.is_admin || session.masquerade_admin_id) throw new AppError('not_allowed', 'forbidden');
}

/**
 * The signed-in admin acting as themself: 401 for a visitor, 403 for anyone
 * else, including an admin who is impersonating someone (they act as that
 * user until they end it).
 */
export async function requireAdmin(request: FastifyRequest) {
  const current = await requireUser(request);
  assertAdmin(current);
  return current.user;
}
