import { type AuditAction, type AuditTargetKind, auditTargetKinds } from '@storyhouse/contracts';
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

/**
 * Records a change a family made to its own giving (issue 45: a monthly
 * gift's amount, fund, day or pause), for the back office: the family's
 * e-mail stands where an admin's would, with no admin id.
 */
export function recordFamilyAction(
  db: Db,
  ip: string,
  family: { email: string },
  action: AuditAction,
  target: string,
  details: Record<string, string | number | boolean | null> = {},
) {
  return auditRepository(db).record({ adminId: null, adminEmail: family.email, action, target, details, ip });
}

/** How the audit log names what an action was done to: its kind, a space, its name. */
export const auditTarget = (kind: AuditTargetKind, name: string) => `${kind} ${name}`;
export const orderTarget = (number: string) => auditTarget('order', number);
export const userTarget = (email: string) => auditTarget('user', email);

/** A recorded target's kind and name: "order SH-7K2Q-9M" is an order named SH-7K2Q-9M. */
export function splitTarget(target: string): { target_kind: AuditTargetKind | ''; target_name: string } {
  const space = target.indexOf(' ');
  const kind = auditTargetKinds.find((k) => k === target.slice(0, space));
  return kind ? { target_kind: kind, target_name: target.slice(space + 1) } : { target_kind: '', target_name: target };
}

/** What admins did to one target, oldest first (an order's timeline). */
export const adminActionsOn = (db: Db, target: string) => auditRepository(db).ofTarget(target);
