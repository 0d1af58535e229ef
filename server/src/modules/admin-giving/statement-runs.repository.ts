import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { countedGiftLine } from '../giving/counted-gifts';

/** Every donor of the year: a gift at checkout or a monthly gift's renewal between two instants. */
const donorsBetween = (from: Date, to: Date) => sql`
  select o.user_id from order_lines l join orders o on o.id = l.order_id
  where ${countedGiftLine} and o.paid_at >= ${from} and o.paid_at < ${to}
  union
  select p.user_id from renewal_payments p join recurring_items r on r.id = p.recurring_item_id
  where r.type = 'recurring_donation' and p.paid_at >= ${from} and p.paid_at < ${to}`;

/** The only SQL of the year's statements sent to every donor (issue 45, decision 069). */
export function statementRunsRepository(db: Db) {
  return {
    /**
     * The year's run: how many donors are in it, how many are done, when it began and when the last was sent
     * (undefined before it began), and how many donors of the year are not in it yet.
     */
    async progress(year: number, from: Date, to: Date) {
      const { rows } = await sql<{
        started_at: Date | null;
        total: string;
        sent: string;
        last_sent_at: Date | null;
        new_donors: string;
      }>`
        select r.started_at,
          (select count(*) from statement_sends s where s.year = ${year}) as total,
          (select count(sent_at) from statement_sends s where s.year = ${year}) as sent,
          (select max(sent_at) from statement_sends s where s.year = ${year}) as last_sent_at,
          (select count(*) from (${donorsBetween(from, to)}) d
            where not exists (select 1 from statement_sends s where s.year = ${year} and s.user_id = d.user_id)) as new_donors
        from (select 1) one
        left join statement_runs r on r.year = ${year}`.execute(db);
      const row = rows[0];
      return {
        started_at: row?.started_at ?? null,
        total: Number(row?.total ?? 0),
        sent: Number(row?.sent ?? 0),
        last_sent_at: row?.last_sent_at ?? null,
        new_donors: Number(row?.new_donors ?? 0),
      };
    },

    /**
     * The year's run begun (or found) with every donor of the year not in it yet: a second press, from anyone on
     * any server, adds only those who first gave since. How many it added.
     */
    async include(year: number, adminId: number, from: Date, to: Date): Promise<number> {
      await db
        .insertInto('statement_runs')
        .values({ year, started_by: adminId })
        .onConflict((oc) => oc.column('year').doNothing())
        .execute();
      const inserted = await sql`
        insert into statement_sends (year, user_id)
        select ${year}::integer, d.user_id from (${donorsBetween(from, to)}) d
        on conflict do nothing`.execute(db);
      return Number(inserted.numAffectedRows ?? 0);
    },

    async hasDonors(year: number) {
      const row = await db.selectFrom('statement_sends').select('user_id').where('year', '=', year).limit(1).executeTakeFirst();
      return row !== undefined;
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
