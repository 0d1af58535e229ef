import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Coupons } from '../../db/schema';

export type CouponRow = Selectable<Coupons>;

/** The SQL of coupons. Built over the database or over the cart's transaction. */
export function couponRepository(db: Db) {
  return {
    /**
     * The coupon whose code is `code` whatever the case. PostgreSQL lowers
     * both sides, as the coupons_code_key index does, so the lookup uses it
     * and agrees with it on every letter.
     */
    findByCode(code: string): Promise<CouponRow | undefined> {
      return db.selectFrom('coupons').selectAll().where(sql`lower(code)`, '=', sql<string>`lower(${code})`).executeTakeFirst();
    },

    findById(id: number): Promise<CouponRow | undefined> {
      return db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Records that the session found the coupon by its code. A session that
     * has ended meanwhile (signed out in another tab) records nothing.
     */
    async recordLookup(sessionId: string, couponId: number) {
      await db
        .insertInto('coupon_lookups')
        .columns(['session_id', 'coupon_id'])
        .expression(
          db
            .selectFrom('sessions')
            // Typed: a bare parameter in a select list would be text.
            .select(['sessions.id', sql<number>`${couponId}::integer`.as('coupon_id')])
            .where('sessions.id', '=', sessionId),
        )
        .onConflict((oc) => oc.columns(['session_id', 'coupon_id']).doUpdateSet({ looked_up_at: sql<Date>`now()` }))
        .execute();
    },

    /** The coupon `id` if the session found it by its code (recordLookup), else undefined. */
    findLookedUp(sessionId: string, id: number): Promise<CouponRow | undefined> {
      return db
        .selectFrom('coupons')
        .innerJoin('coupon_lookups', 'coupon_lookups.coupon_id', 'coupons.id')
        .selectAll('coupons')
        .where('coupons.id', '=', id)
        .where('coupon_lookups.session_id', '=', sessionId)
        .executeTakeFirst();
    },

    /** Inserts coupons, leaving out a code that exists already (whatever its case). */
    async insertMissing(rows: Insertable<Coupons>[]) {
      await db
        .insertInto('coupons')
        .values(rows)
        .onConflict((oc) => oc.expression(sql`lower(code)`).doNothing())
        .execute();
    },
  };
}
