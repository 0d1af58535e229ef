import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { pageOf } from '../../db/paged';
import { skuTitlesOf } from '../../db/titles';
import { countedGiftLine } from '../giving/counted-gifts';

/** The only SQL of the back office's plans, monthly gifts and donors (issue 29 item 4). */
export function adminGivingRepository(db: Db) {
  return {
    /** Plans and monthly gifts whose last renewal failed (past due). */
    async pastDueCount(): Promise<number> {
      const row = await db
        .selectFrom('recurring_items')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', '=', 'past_due')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async renewals(filter: { type?: string; status?: string }, page: number, perPage: number) {
      let matching = db.selectFrom('recurring_items as r').innerJoin('users as u', 'u.id', 'r.user_id');
      if (filter.type) matching = matching.where('r.type', '=', filter.type);
      if (filter.status) matching = matching.where('r.status', '=', filter.status);
      const selected = (q: typeof matching) =>
        q
          .select([
            'r.subscription_id',
            'r.type',
            'r.title',
            skuTitlesOf('r.type', 'r.code').as('titles'),
            'r.status',
            'r.amount_cents',
            'r.interval',
            'r.current_period_end',
            'r.cancel_at',
            'r.paused_until',
            'r.created_at',
            'u.id as user_id',
            'u.email',
            'u.fname',
            'u.lname',
          ])
          // Past due first: they need someone's attention.
          .orderBy(sql`r.status = 'past_due'`, 'desc')
          .orderBy('r.created_at', 'desc')
          .orderBy('r.id', 'desc');
      return pageOf(matching, selected, page, perPage);
    },

    ownerOf(provider: string, subscriptionId: string) {
      return db
        .selectFrom('recurring_items as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select(['r.user_id', 'u.email'])
        .where('r.provider', '=', provider)
        .where('r.subscription_id', '=', subscriptionId)
        .executeTakeFirst();
    },

    /**
     * Every gift between two instants: a donation's line of a paid order
     * (one-time or the first month of a monthly gift) and each renewal of a
     * monthly gift, with its fund and donor. One query; grouped by the caller.
     */
    async gifts(from: Date, to: Date) {
      const { rows } = await sql<{
        user_id: number;
        email: string;
        name: string;
        title: string;
        cents: number;
        monthly: boolean;
        anonymous: boolean;
      }>`
        select o.user_id, u.email, trim(u.fname || ' ' || u.lname) as name, l.title,
          (l.subtotal_cents - l.discount_cents) as cents, l.type = 'recurring_donation' as monthly, l.anonymous
        from order_lines l
        join orders o on o.id = l.order_id
        join users u on u.id = o.user_id
        where ${countedGiftLine}
          and o.paid_at >= ${from} and o.paid_at < ${to}
        union all
        select p.user_id, u.email, trim(u.fname || ' ' || u.lname), r.title, p.amount_cents, true,
          coalesce((select l.anonymous from order_lines l where l.id = r.order_line_id), false)
        from renewal_payments p
        join recurring_items r on r.id = p.recurring_item_id
        join users u on u.id = p.user_id
        where r.type = 'recurring_donation' and p.paid_at >= ${from} and p.paid_at < ${to}`.execute(db);
      return rows.map((r) => ({ ...r, cents: Number(r.cents) }));
    },
  };
}
