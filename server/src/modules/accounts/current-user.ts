import type { FastifyRequest } from 'fastify';
import { hashToken } from '../../lib/tokens';
import { accountsRepository } from './accounts.repository';

/**
 * The signed-in user of a request with the session that carries it, or
 * undefined for a visitor. While an admin impersonates someone, the session's
 * user is the impersonated one and `masquerade_admin_id` the admin (each of
 * its requests is logged with the admin's id: impersonation/masquerade-audit.plugin).
 */
export async function currentUser(request: FastifyRequest) {
  const state = request.sessionState;
  if (state?.token && !state.loaded) {
    // Not read yet this request: the session and its user in one query.
    const found = request.server.sessionUsers.find(hashToken(state.token));
    state.loaded = found.then((r) => r?.session);
    const r = await found;
    if (!r?.session.user_id || !r.user) return undefined;
    return { user: r.user, session: r.session };
  }
  const session = await request.getSession();
  if (!session?.user_id) return undefined;
  const user = await accountsRepository(request.server.db).findById(session.user_id);
  return user ? { user, session } : undefined;
}
