import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { currentUser } from './current-user';

/**
 * The route guards: every call that needs a signed-in user or an admin asks
 * here, so the rule and its answers (401 not_authenticated, 403 forbidden)
 * are the same everywhere. Beside currentUser, which they are built on.
 *
 * The grown-ups lock (issue 42, decision 051) is deny by default: requireUser
 * and `access: 'user'` answer a session that speaks for a child profile 403
 * grown_ups_only, so buying, cards, addresses, orders, settings and anything
 * added later are the parents' unless a route says otherwise. Only what a
 * child may do (listen, see their shelf, choose a profile) asks
 * requireListener or declares `access: 'listener'`.
 */

type Current = NonNullable<Awaited<ReturnType<typeof currentUser>>>;
/** The signed-in parents (no child profile). */
type Parent = Current & { profile: undefined };

/**
 * The user a route's access check found before its body was read
 * (access.plugin.ts): the handler's first guard takes it rather than ask the
 * database again; a later call asks afresh.
 */
const checkedBefore = new WeakMap<FastifyRequest, Current>();

/** The signed-in family and the profile the session speaks for (a child's or the parents'); 401 for a visitor. */
export async function requireListener(request: FastifyRequest): Promise<Current> {
  const checked = checkedBefore.get(request);
  if (checked) {
    checkedBefore.delete(request);
    return checked;
  }
  const current = await currentUser(request);
  if (!current) throw new AppError('not_authenticated', 'not_authenticated');
  return current;
}

/** The signed-in parents and their session; 401 for a visitor, 403 grown_ups_only while a child profile is active. */
export async function requireUser(request: FastifyRequest): Promise<Parent> {
  const current = await requireListener(request);
  assertParent(current);
  return current;
}

function assertParent(current: Current): asserts current is Parent {
  if (current.profile) throw new AppError('not_allowed', 'grown_ups_only');
}

/** Access checked before the body is read (access.plugin.ts): the user, or the guard's refusal; kept for the handler. */
export async function checkAccess(request: FastifyRequest, access: 'listener' | 'user' | 'admin') {
  const current = await requireListener(request);
  if (access !== 'listener') assertParent(current);
  if (access === 'admin') assertAdmin(current);
  checkedBefore.set(request, current);
}

function assertAdmin({ user, session }: Current) {
  if (!user.is_admin || session.masquerade_admin_id) throw new AppError('not_allowed', 'forbidden');
}

/**
 * The signed-in admin acting as themself: 401 for a visitor, 403 for anyone
 * else, including an admin who is impersonating someone (they act as that
 * user until they end it) and an admin's session speaking for a child profile.
 */
export async function requireAdmin(request: FastifyRequest) {
  const current = await requireUser(request);
  assertAdmin(current);
  return current.user;
}
