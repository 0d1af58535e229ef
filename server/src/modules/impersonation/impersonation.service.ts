import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { recordAdminAction, userTarget } from '../audit/audit';
import { impersonationRepository } from './impersonation.repository';

/**
 * Ends the impersonation `session` carries, if it does: its audit record
 * (masquerade_log) is closed and the end logged. The one way an
 * impersonation ends, whether by masquerade-finish, logout or a login over
 * it; the caller then replaces or ends the session. Returns the admin's id,
 * or undefined when the session was no impersonation.
 */
export async function endImpersonation(db: Db, request: FastifyRequest) {
  const session = await request.getSession();
  const adminId = session?.masquerade_admin_id;
  if (!adminId || !session.user_id) return undefined;
  const userId = session.user_id;
  await db.transaction().execute(async (trx) => {
    const repo = impersonationRepository(trx);
    await repo.logEnd(adminId, userId);
    await auditImpersonation(trx, request, adminId, userId, 'masquerade.end');
  });
  request.log.info({ masquerade_admin_id: adminId, user_id: userId }, 'impersonation ended');
  return adminId;
}

/** The audit log's record of an impersonation's start or end (issue 29 item 7). */
async function auditImpersonation(
  db: Db,
  request: FastifyRequest,
  adminId: number,
  userId: number,
  action: 'masquerade.start' | 'masquerade.end',
) {
  const repo = impersonationRepository(db);
  const [admin, user] = await Promise.all([repo.emailOf(adminId), repo.emailOf(userId)]);
  await recordAdminAction(db, request, { id: adminId, email: admin ?? '' }, action, userTarget(user ?? String(userId)));
}

/**
 * Spec §6 Admin: impersonation (masquerade). Below the admin pages, login
 * and logout, which all end it (decision 031).
 */
export function impersonationService(db: Db) {
  const repo = impersonationRepository(db);
  return {
    /**
     * Starts the admin's impersonation of a user (404 unknown, 403 another
     * admin): `switchSession` moves the request to a session of the user, and
     * the start is audited.
     */
    async startImpersonation(
      adminId: number,
      userId: number,
      switchSession: (userId: number) => Promise<unknown>,
      request: FastifyRequest,
    ) {
      const target = await repo.findUser(userId);
      if (!target) throw new AppError('not_found', 'not_found');
      if (target.is_admin) throw new AppError('not_allowed', 'masquerade_not_allowed');
      await switchSession(target.id);
      await db.transaction().execute(async (trx) => {
        await impersonationRepository(trx).logStart(adminId, target.id);
        await auditImpersonation(trx, request, adminId, target.id, 'masquerade.start');
      });
      request.log.info({ masquerade_admin_id: adminId, user_id: target.id }, 'impersonation started');
      return target.id;
    },

    /** Whether the admin who ended an impersonation is an admin still (else they leave signed out). */
    async isAdmin(userId: number) {
      return Boolean((await repo.findUser(userId))?.is_admin);
    },
  };
}
