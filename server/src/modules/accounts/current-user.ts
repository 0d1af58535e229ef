import type { FastifyRequest } from 'fastify';
import { hashToken } from '../../lib/tokens';
import { accountsRepository } from './accounts.repository';
import { findChildProfile } from './child-profile';

/**
 * The signed-in user of a request with the session that carries it, and the
 * child profile it speaks for (issue 42: undefined when it speaks for the
 * parents), or undefined for a visitor. While an admin impersonates someone,
 * the session's user is the impersonated one and `masquerade_admin_id` the
 * admin (each of its requests is logged with the admin's id:
 * impersonation/masquerade-audit.plugin).
 *
 * A session naming a profile that is not one of its account's (which the
 * server never writes) counts as no session at all: it is never read as the
 * parents'.
 */
export async function currentUser(request: FastifyRequest) {
  const state = request.sessionState;
  if (state?.token && !state.loaded) {
    // Not read yet this request: the session, its user and profile in one query.
    const found = request.server.sessionUsers.find(hashToken(state.token));
    state.loaded = found.then((r) => r?.session);
    const r = await found;
    if (!r?.session.user_id || !r.user) return undefined;
    if (r.session.profile_id !== null && !r.profile) return undefined;
    return { user: r.user, session: r.session, profile: r.profile };
  }
  const session = await request.getSession();
  if (!session?.user_id) return undefined;
  const db = request.server.db;
  const user = await accountsRepository(db).findById(session.user_id);
  if (!user) return undefined;
  if (session.profile_id === null) return { user, session, profile: undefined };
  const profile = await findChildProfile(db, user.id, session.profile_id);
  return profile ? { user, session, profile } : undefined;
}
