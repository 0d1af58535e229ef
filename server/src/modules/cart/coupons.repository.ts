import type { LangCode } from '@storyhouse/contracts';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database';
import { pageOf } from '../../db/paged';
import type { Coupons } from '../../db/schema';
import { couponTitlesOf } from '../../db/titles';
import type { Titles } from '../../lib/titles';

/** A coupon with its titles in Spanish and Russian (coupon_titles; its English one is `title`), null with none. */
export type CouponRow = Selectable<Coupons> & { titles: Titles | null };

const titles = couponTitlesOf('coupons.id').as('titles');

/** The SQL of coupons. Built over the database or over the cart's transaction. */
export function couponRepository(db: Db) {
  return {
    /**
     * The coupon whose code is `code` whatever the case. PostgreSQL lowers
     * both sides, as the coupons_code_key index does, so the lookup uses it
     * and agrees with it on every letter.
     */
    findByCode(code: string): Promise<CouponRow | undefined> {
      return db
        .selectFrom('coupons')
        .selectAll()
        .select(titles)
        .where(sql`lower(code)`, '=', sql<string>`lower(${code})`)
        .executeTakeFirst();
    },

    findById(id: number): Promise<CouponRow | undefined> {
      return db.selectFrom('coupons').selectAll().select(titles).where('id', '=', id).executeTakeFirst();
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
        .select(titles)
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

    /**
     * Inserts a coupon unless its code exists already whatever its case (the
     * coupons_code_key index decides, so two admins at once cannot both
     * issue it): the row, or undefined when the code was taken.
     */
    async insertNew(row: Insertable<Coupons>): Promise<Selectable<Coupons> | undefined> {
      return db
        .insertInto('coupons')
        .values(row)
        .onConflict((oc) => oc.expression(sql`lower(code)`).doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Sets the coupon's titles: English on the coupon, each other language's
     * in coupon_titles (a language given as '' or absent has none, so its
     * site shows the English title).
     */
    async setTitles(id: number, english: string, others: Partial<Record<Exclude<LangCode, 'en'>, string>>) {
      await db.updateTable('coupons').set({ title: english }).where('id', '=', id).execute();
      await db.deleteFrom('coupon_titles').where('coupon_id', '=', id).execute();
      const rows = Object.entries(others)
        .filter(([, title]) => title)
        .map(([lang_code, title]) => ({ coupon_id: id, lang_code, title: title as string }));
      if (rows.length > 0) await db.insertInto('coupon_titles').values(rows).execute();
    },

    /** Adds titles in other languages to the coupons of these codes, leaving a title given already as it is (demo). */
    async insertMissingTitles(rows: { code: string; lang_code: Exclude<LangCode, 'en'>; title: string }[]) {
      for (const row of rows) {
        await db
          .insertInto('coupon_titles')
          .columns(['coupon_id', 'lang_code', 'title'])
          .expression(
            db
              .selectFrom('coupons')
              .select(['id', sql<string>`${row.lang_code}::text`.as('lang_code'), sql<string>`${row.title}::text`.as('title')])
              .where(sql`lower(code)`, '=', row.code.toLowerCase()),
          )
          .onConflict((oc) => oc.columns(['coupon_id', 'lang_code']).doNothing())
          .execute();
      }
    },

    /** One page of coupons, newest first, and how many there are. */
    async page(page: number, perPage: number) {
      return pageOf(
        db.selectFrom('coupons'),
        (q) => q.selectAll().select(titles).orderBy('created_at', 'desc').orderBy('id', 'desc'),
        page,
        perPage,
      );
    },

    /** Whether any order (paid or not) names the coupon: such a coupon is never deleted. */
    async usedOnAnOrder(id: number) {
      const row = await db.selectFrom('orders').select('id').where('coupon_id', '=', id).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /** The coupon, locked for the rest of the transaction (two withdrawals at once: one decides). */
    findForUpdate(id: number): Promise<CouponRow | undefined> {
      return db.selectFrom('coupons').selectAll().select(titles).where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async deactivate(id: number) {
      await db.updateTable('coupons').set({ active: false }).where('id', '=', id).execute();
    },

    /** Deletes the coupon; carts holding it lose it (carts.coupon_id on delete set null). */
    async delete(id: number) {
      await db.deleteFrom('coupons').where('id', '=', id).execute();
    },

    /**
     * The paid orders that used the coupon (refunded ones too: they were
     * paid, and counted), newest first, at most `limit`, and how many.
     */
    async redemptions(id: number, limit: number) {
      const q = db
        .selectFrom('orders as o')
        .innerJoin('users as u', 'u.id', 'o.user_id')
        .where('o.coupon_id', '=', id)
        .where('o.paid_at', 'is not', null);
      const [rows, count] = await Promise.all([
        q
          .select([
            'o.id',
            'o.number',
            'o.status',
            'o.paid_at',
            'o.discount_cents',
            'o.total_cents',
            'u.id as user_id',
            'u.email',
            sql<string>`trim(u.fname || ' ' || u.lname)`.as('name'),
          ])
          .orderBy('o.paid_at', 'desc')
          .orderBy('o.id', 'desc')
          .limit(limit)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(count.n) };
    },
  };
}
