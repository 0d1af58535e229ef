import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { countedGiftLine } from '../giving/counted-gifts';

/** The only SQL of the year's statements sent to every donor (issue 45, decision 069). */
export function statementRunsRepository(db: Db) {
  return {
    /** The year's run: how many donors, how many done, when it began and when the last was sent; undefined before. */
    async progress(year: number) {
      const row = await sql<{ started_at: Date; total: number; sent: string; last_sent_at: Date | null }>`
        select r.started_at, r.total, count(s.sent_at) as sent, max(s.sent_at) as last_sent_at
        from statement_runs r
        left join statement_sends s on s.year = r.year
        where r.year = ${year}
        group by r.year`.execute(db);
      const run = row.rows[0];
      return run ? { ...run, sent: Number(run.sent) } : undefined;
    },

    /**
     * The year's run begun with every donor who gave that year (a gift at checkout or a monthly gift's renewal),
     * or nothing when it already was (another press, another server): its number of donors, or null.
     */
    async begin(year: number, adminId: number, from: Date, to: Date): Promise<number | null> {
      const run = await db
        .insertInto('statement_runs')
        .values({ year, started_by: adminId, total: 0 })
        .onConflict((oc) => oc.column('year').doNothing())
        .returning('year')
        .executeTakeFirst();
      if (!run) return null;
      const inserted = await sql`
        insert into statement_sends (year, user_id)
        select ${year}::integer, o.user_id from order_lines l join orders o on o.id = l.order_id
        where ${countedGiftLine} and o.paid_at >= ${from} and o.paid_at < ${to}
        union
        select ${year}::integer, p.user_id from renewal_payments p join recurring_items r on r.id = p.recurring_item_id
        where r.type = 'recurring_donation' and p.paid_at >= ${from} and p.paid_at < ${to}`.execute(db);
      const total = Number(inserted.numAffectedRows ?? 0);
      await db.updateTable('statement_runs').set({ total }).where('year', '=', year).execute();
      return total;
    },

    /** Up to `limit` donors whose statement is not sent yet, locked for this transaction; others skip them. */
    async claim(limit: number) {
      const { rows } = await sql<{ year: number; user_id: number }>`
        select year, user_id from statement_sends
        where sent_at is null
        order by year, user_id
        limit ${limit}
        for update skip locked`.execute(db);
      return rows;
    },

    async markSent(year: number, userId: number, mailId: number | null) {
      await db
        .updateTable('statement_sends')
        .set({ sent_at: sql<Date>`now()`, mail_id: mailId })
        .where('year', '=', year)
        .where('user_id', '=', userId)
        .execute();
    },
  };
}
