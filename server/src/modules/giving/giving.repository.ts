import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { skuTitlesOf } from '../../db/titles';
import type { Titles } from '../../lib/titles';
import { countedGiftLine } from './counted-gifts';

export interface GiftRow {
  given_at: Date;
  /** Its fund as the family gave to it (the order's language); `titles`, the fund's titles by language (decision 038). */
  title: string;
  titles: Titles | null;
  cents: number;
  /** The order's number for a gift given at checkout; null for a monthly gift's renewal. */
  order_number: string | null;
  monthly: boolean;
}

/** The only SQL of giving statements: a donor's gifts between two instants, oldest first. */
export function givingRepository(db: Db) {
  return {
    async giftsOf(userId: number, from: Date, to: Date): Promise<GiftRow[]> {
      const { rows } = await sql<GiftRow>`
        select o.paid_at as given_at, l.title, ${skuTitlesOf('l.type', 'l.code')} as titles, (l.subtotal_cents - l.discount_cents) as cents, o.number as order_number,
          l.type = 'recurring_donation' as monthly
        from order_lines l
        join orders o on o.id = l.order_id
        where o.user_id = ${userId} and ${countedGiftLine}
          and o.paid_at >= ${from} and o.paid_at < ${to}
        union all
        select p.paid_at, r.title, ${skuTitlesOf('r.type', 'r.code')}, p.amount_cents, null, true
        from renewal_payments p
        join recurring_items r on r.id = p.recurring_item_id
        where p.user_id = ${userId} and r.type = 'recurring_donation' and p.paid_at >= ${from} and p.paid_at < ${to}
        order by given_at`.execute(db);
      return rows.map((r) => ({ ...r, cents: Number(r.cents) }));
    },

    donor(userId: number) {
      return db.selectFrom('users').select(['email', 'fname', 'lname']).where('id', '=', userId).executeTakeFirst();
    },
  };
}
