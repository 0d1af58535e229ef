import type { FastifyRequest } from 'fastify';
import { hashToken } from '../../lib/tokens';
import type { SessionRow } from '../sessions/sessions.repository';
import { accountsRepository } from './accounts.repository';

const impersonationLogged = new WeakSet<FastifyRequest>();

/**
 * The signed-in user of a request with the session that carries it, or
 * undefined for a visitor. While an admin impersonates someone, the session's
 * user is the impersonated one and `masquerade_admin_id` the admin.
 */
export async function currentUser(request: FastifyRequest) {
  const state = request.sessionState;
  if (state?.token && !state.loaded) {
    // Not read yet this request: the session and its user in one query.
    const found = request.server.sessionUsers.find(hashToken(state.token));
    state.loaded = found.then((r) => r?.session);
    const r = await found;
    if (!r?.session.user_id || !r.user) return undefined;
    return withAudit(request, { user: r.user, session: r.session });
  }
  const session = await request.getSession();
  if (!session?.user_id) return undefined;
  const user = await accountsRepository(request.server.db).findById(session.user_id);
  return user ? withAudit(request, { user, session }) : undefined;
}

/** Issue 5: whatever an impersonating admin does is logged with the admin's id. */
function withAudit<T extends { session: SessionRow }>(request: FastifyRequest, current: T): T {
  const adminId = current.session.masquerade_admin_id;
  if (adminId && !impersonationLogged.has(request)) {
    impersonationLogged.add(request);
    request.log = request.log.child({ masquerade_admin_id: adminId });
  }
  return current;
}
