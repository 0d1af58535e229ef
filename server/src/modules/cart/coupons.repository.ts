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
