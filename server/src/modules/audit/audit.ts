import type { AuditAction } from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { auditRepository } from './audit.repository';

/**
 * Records an admin action (issue 29 item 7): who (the admin acting as
 * themself), when (now), what, to what, and from which client address.
 * Called in the transaction of the change it records, so both happen or
 * neither.
 */
export function recordAdminAction(
  db: Db,
  request: FastifyRequest,
  admin: { id: number; email: string },
  action: AuditAction,
  target: string,
  details: Record<string, string | number | boolean | null> = {},
) {
  return auditRepository(db).record({ adminId: admin.id, adminEmail: admin.email, action, target, details, ip: request.ip });
}

/** How the audit log names an order and a user. */
export const orderTarget = (number: string) => `order ${number}`;
export const userTarget = (email: string) => `user ${email}`;
