import { DEFAULT_FEE_RULE, type FeeRule, giftTypes } from '@storyhouse/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** A paid order, refunded since or not, as the other reports count it. */
const PAID = ['paid', 'partially_refunded', 'refunded'];
const GIFTS = [...giftTypes];

/** The ministry's fee rule (decision 067): one row, 2.9 % + 30¢ until the back office changes it. */
export function givingFeeRepository(db: Db) {
  return {
    async rule(): Promise<FeeRule> {
      const row = await db.selectFrom('giving_fee_rule').select(['percent_bp', 'fixed_cents']).executeTakeFirst();
      return row ?? { ...DEFAULT_FEE_RULE };
    },

    /** The rule as it is, locked for a change in this transaction. */
    async ruleForUpdate(): Promise<FeeRule> {
      const row = await db.selectFrom('giving_fee_rule').select(['percent_bp', 'fixed_cents']).forUpdate().executeTakeFirst();
      return row ?? { ...DEFAULT_FEE_RULE };
    },

    async setRule(rule: FeeRule) {
      await db
        .insertInto('giving_fee_rule')
        .values({ id: true, ...rule })
        .onConflict((oc) => oc.column('id').doUpdateSet({ ...rule, updated_at: new Date() }))
        .execute();
    },
  };
}

/**
 * Decision 067: the gifts of a span (donation lines of paid orders, each
 * renewal of a monthly gift), how many covered the fee and what they added.
 */
export async function coveredFeesIn(db: Db, { lo, hi }: { lo: Date; hi: Date }) {
  const { rows } = await sql<{ gifts: string; covered: string; covered_cents: string }>`
    with gifts as (
      select l.fee_cents from orders o join order_lines l on l.order_id = o.id
      where o.paid_at >= ${lo} and o.paid_at < ${hi} and o.status = any(${PAID}::text[])
        and l.type = any(${GIFTS}::text[])
      union all
      select p.fee_cents from renewal_payments p join recurring_items r on r.id = p.recurring_item_id
      where p.paid_at >= ${lo} and p.paid_at < ${hi} and r.type = 'recurring_donation'
    )
    select count(*) as gifts, count(*) filter (where fee_cents > 0) as covered,
      coalesce(sum(fee_cents), 0) as covered_cents
    from gifts`.execute(db);
  const row = rows[0];
  return { gifts: Number(row?.gifts ?? 0), covered: Number(row?.covered ?? 0), coveredCents: Number(row?.covered_cents ?? 0) };
}
