import type { AuditAction, AuditTargetKind, MarkedHandled } from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { auditTarget, recordAdminAction } from '../audit/audit';

/**
 * The back office's inboxes that volunteers work through, one message at a
 * time: contact messages and Bible-lesson requests. Each row is open until a
 * volunteer marks it handled (who and when), and may be opened again.
 */
export interface HandledInbox {
  table: 'contact_messages' | 'adventure_signups';
  /** What marking one is recorded as in the audit log. */
  action: AuditAction;
  /** What the audit log says it was done to. */
  target: AuditTargetKind;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** The SQL of the handled marks, one home for both inboxes. */
export function handledInboxRepository(db: Db, { table }: Pick<HandledInbox, 'table'>) {
  return {
    /**
     * Marks a row handled by an admin, or open again, in one conditional
     * statement: of two volunteers at once only one changes it. Undefined
     * when it is not in the other state (or not there at all).
     */
    setHandled(id: number, adminId: number, handled: boolean) {
      return db
        .updateTable(table)
        .set(handled ? { handled_at: sql<Date>`now()`, handled_by: adminId } : { handled_at: null, handled_by: null })
        .where('id', '=', id)
        .where('handled_at', handled ? 'is' : 'is not', null)
        .returning(['id', 'email', 'handled_at'])
        .executeTakeFirst();
    },

    /** How many wait for a volunteer (not marked handled). */
    async openCount(): Promise<number> {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('handled_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async exists(id: number): Promise<boolean> {
      return (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },
  };
}

/** How many of an inbox's messages wait for a volunteer (the back office's overview). */
export const openInboxCount = (db: Db, inbox: Pick<HandledInbox, 'table'>) => handledInboxRepository(db, inbox).openCount();

/**
 * Marks a message handled (or open again), audited in the same transaction.
 * Already in that state: 409, so a volunteer learns someone else got there
 * first; no such message: 404.
 */
export function markHandled(
  db: Db,
  inbox: HandledInbox,
  request: FastifyRequest,
  admin: { id: number; email: string },
  id: number,
  handled: boolean,
): Promise<MarkedHandled> {
  return db.transaction().execute(async (trx) => {
    const repo = handledInboxRepository(trx, inbox);
    const row = await repo.setHandled(id, admin.id, handled);
    if (!row) {
      if (!(await repo.exists(id))) throw new AppError('not_found', 'message_not_found');
      throw new AppError('conflict', handled ? 'message_already_handled' : 'message_already_open');
    }
    await recordAdminAction(trx, request, admin, inbox.action, auditTarget(inbox.target, `${id} (${row.email})`), { handled });
    return { id, handled_at: row.handled_at ? iso(row.handled_at) : null, handled_by: handled ? admin.email : null };
  });
}
