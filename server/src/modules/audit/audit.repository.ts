import type { AuditAction } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { pageOf } from '../../db/paged';

/** An admin action as it is recorded. */
export interface AuditRecord {
  /** Null for a change a family made to its own account (issue 45: a donor's monthly gift), recorded for the team. */
  adminId: number | null;
  adminEmail: string;
  action: AuditAction;
  /** What it was done to, in words a volunteer reads: "order SH-7KQ2-9F", "user grace@example.org". */
  target: string;
  details?: Record<string, string | number | boolean | null>;
  ip: string;
}

/** The only SQL of admin_audit (migration 0053): written once, read by the audit page, never changed. */
export function auditRepository(db: Db) {
  return {
    async record(entry: AuditRecord) {
      await db
        .insertInto('admin_audit')
        .values({
          admin_id: entry.adminId,
          admin_email: entry.adminEmail,
          action: entry.action,
          target: entry.target.slice(0, 300),
          details: JSON.stringify(entry.details ?? {}),
          ip: entry.ip.slice(0, 100),
        })
        .execute();
    },

    async page(page: number, perPage: number, action?: AuditAction) {
      let q = db.selectFrom('admin_audit');
      if (action) q = q.where('action', '=', action);
      return pageOf(q, (q) => q.selectAll().orderBy('at', 'desc').orderBy('id', 'desc'), page, perPage);
    },

    /** What admins did to one target (an order's timeline). */
    ofTarget(target: string) {
      return db.selectFrom('admin_audit').selectAll().where('target', '=', target).orderBy('at').orderBy('id').execute();
    },
  };
}
