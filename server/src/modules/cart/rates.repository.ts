import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * The SQL of the shipping and tax rates as the back office edits them
 * (issue 30 item 4). The cart reads the same rows (cart.repository,
 * addresses.repository), so a change shows in the next cart total.
 */
export function ratesRepository(db: Db) {
  return {
    shippingRates() {
      return db
        .selectFrom('shipping_rates')
        .select(['zone', 'method', 'first_item_cents', 'additional_item_cents', 'min_days', 'max_days'])
        .orderBy(sql`array_position(array['us', 'canada', 'international'], zone)`)
        .orderBy(sql`array_position(array['economy', 'priority', 'international'], method)`)
        .execute();
    },

    /**
     * Sets a zone's prices for a method, and its delivery estimate when given (undefined: kept); the row before the
     * change, or undefined when the table has no such rate.
     */
    async setShippingRate(
      zone: string,
      method: string,
      cents: { first: number; additional: number },
      days: { min: number | null; max: number | null } | undefined,
    ) {
      const before = await db
        .selectFrom('shipping_rates')
        .select(['first_item_cents', 'additional_item_cents', 'min_days', 'max_days'])
        .where('zone', '=', zone)
        .where('method', '=', method)
        .forUpdate()
        .executeTakeFirst();
      if (!before) return undefined;
      await db
        .updateTable('shipping_rates')
        .set({
          first_item_cents: cents.first,
          additional_item_cents: cents.additional,
          ...(days ? { min_days: days.min, max_days: days.max } : {}),
        })
        .where('zone', '=', zone)
        .where('method', '=', method)
        .execute();
      return before;
    },

    /** Every tax rate with its country, by country then state (the whole country's first). */
    taxRates() {
      return db
        .selectFrom('tax_rates as r')
        .innerJoin('countries as c', 'c.id', 'r.country_id')
        .select([
          'r.id',
          'r.country_id',
          'c.code as country_code',
          'c.country_name',
          'r.state',
          sql<string>`r.rate_percent::text`.as('rate_percent'),
          'r.taxable_types',
        ])
        .orderBy('c.country_name')
        .orderBy(sql`r.state nulls first`)
        .execute();
    },

    /** The country's ISO code, or undefined for an id the shop does not know. */
    country(id: number) {
      return db.selectFrom('countries').select(['id', 'code']).where('id', '=', id).executeTakeFirst();
    },

    /**
     * Sets the rate of a place (a state, or the whole country when `state` is
     * null): adds it, or changes the one there (its taxed types kept). The
     * tax_rates_place_key index makes it one row per place, two admins at
     * once included. Answers the rate before (null when new) and the row's id.
     */
    async setTaxRate(countryId: number, state: string | null, ratePercent: number) {
      const before = await db
        .selectFrom('tax_rates')
        .select([sql<string>`rate_percent::text`.as('rate_percent')])
        .where('country_id', '=', countryId)
        .where(sql<boolean>`coalesce(state, '') = ${state ?? ''}`)
        .forUpdate()
        .executeTakeFirst();
      const row = await db
        .insertInto('tax_rates')
        .values({ country_id: countryId, state, rate_percent: String(ratePercent) })
        .onConflict((oc) =>
          oc.expression(sql`country_id, coalesce(state, '')`).doUpdateSet({ rate_percent: String(ratePercent) }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, before: before?.rate_percent ?? null };
    },

    /** Removes a rate; the row removed (its place and rate), or undefined when there was none. */
    removeTaxRate(id: number) {
      return db
        .deleteFrom('tax_rates')
        .where('id', '=', id)
        .returning(['country_id', 'state', sql<string>`rate_percent::text`.as('rate_percent')])
        .executeTakeFirst();
    },
  };
}
