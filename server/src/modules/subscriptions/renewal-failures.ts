import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * Renewals whose charge failed (issue 45, "recovery the ministry sees"): each
 * failed invoice of a plan or monthly gift is recorded once, with how many
 * times it failed, and marked recovered when the same invoice is paid later
 * (the processor's retry, or the family's new card). The only SQL of
 * renewal_failures; called in the transaction that applies the processor's event.
 */
export function renewalFailures(db: Db) {
  return {
    async failed(provider: string, invoiceId: string, recurringItemId: number, amountCents: number) {
      await sql`
        insert into renewal_failures (provider, invoice_id, recurring_item_id, amount_cents)
        values (${provider}, ${invoiceId}, ${recurringItemId}, ${amountCents})
        on conflict (provider, invoice_id) do update set failures = renewal_failures.failures + 1`.execute(db);
    },

    async paid(provider: string, invoiceId: string) {
      await db
        .updateTable('renewal_failures')
        .set({ recovered_at: sql<Date>`now()` })
        .where('provider', '=', provider)
        .where('invoice_id', '=', invoiceId)
        .where('recovered_at', 'is', null)
        .execute();
    },

    /**
     * Renewals that first failed since `from` (and before `to`, when given): how many, how many were paid later,
     * and the amount of those neither paid nor ended (the plan or gift still past due): still at risk. The
     * Overview's (this month) and the Reports page's (the days chosen).
     */
    async since(from: Date, to?: Date) {
      const { rows } = await sql<{ failed: string; recovered: string; at_risk_cents: string | null }>`
        select count(*) as failed, count(f.recovered_at) as recovered,
          sum(f.amount_cents) filter (where f.recovered_at is null and r.status = 'past_due') as at_risk_cents
        from renewal_failures f
        join recurring_items r on r.id = f.recurring_item_id
        where f.first_failed_at >= ${from} ${to ? sql`and f.first_failed_at < ${to}` : sql``}`.execute(db);
      const row = rows[0];
      return {
        failed: Number(row?.failed ?? 0),
        recovered: Number(row?.recovered ?? 0),
        at_risk_cents: Number(row?.at_risk_cents ?? 0),
      };
    },

    /** A donor's failed renewals, newest first, with what they were for and whether a later charge paid them. */
    ofUser(userId: number) {
      return db
        .selectFrom('renewal_failures as f')
        .innerJoin('recurring_items as r', 'r.id', 'f.recurring_item_id')
        .select([
          'f.invoice_id',
          'f.amount_cents',
          'f.first_failed_at',
          'f.failures',
          'f.recovered_at',
          'r.title',
          'r.type',
          'r.status',
        ])
        .where('r.user_id', '=', userId)
        .orderBy('f.first_failed_at', 'desc')
        .limit(50)
        .execute();
    },
  };
}
