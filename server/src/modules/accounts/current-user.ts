import type { FastifyRequest } from 'fastify';
import { accountsRepository } from './accounts.repository';

/**
 * The signed-in user of a request with the session that carries it, or
 * undefined for a visitor. While an admin impersonates someone, the session's
 * user is the impersonated one and `masquerade_admin_id` the admin.
 */
export async function currentUser(request: FastifyRequest) {
  const session = await request.getSession();
  if (!session?.user_id) return undefined;
  const user = await accountsRepository(request.server.db).findById(session.user_id);
  return user ? { user, session } : undefined;
}
