import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * The access rule's facts as SQL (access.ts reads them through
 * entitlements.repository.ts): public so that a page's own query (My
 * Library's page and album) reads them in the same round trip.
 */

/** What the listener owns among some tracks, and whether a plan covers everything. */
export interface EntitlementRow {
  type: 'digital_album' | 'digital_track' | 'subscription';
  sku_id: number | null;
  product_id: number | null;
  granted_at: Date | null;
}

/** A user's id: a value, or a column of the query the rows are read in (the cart total's `carts.user_id`). */
export type UserIdSql = number | RawBuilder<number | null>;

/**
 * The plan that covers every track (spec §6): started by checkout, active or
 * past due within its retries (issue 28: access lasts while the card is
 * tried again), not cancelled as of now.
 */
export const activePlan = (userId: UserIdSql) => sql`select 1 from recurring_items r
  where r.user_id = ${userId} and r.type = 'subscription' and r.status in ('active', 'past_due')
    and (r.cancel_at is null or r.cancel_at > now())`;

/**
 * The access rule's facts (access.ts `judge`): what `userId` owns among some
 * tracks (`skuIds`, an `in` list or subquery) and albums (`productIds`), and
 * a 'subscription' row while a plan covers every track. A query of its own,
 * or a part of the library page's and the cart total's.
 */
export const entitlementRows = (
  userId: UserIdSql,
  skuIds: RawBuilder<unknown>,
  productIds: RawBuilder<unknown>,
) => sql<EntitlementRow>`
  select o.type, o.sku_id, o.product_id, o.granted_at from ownership o
  where o.user_id = ${userId}
    and ((o.type = 'digital_track' and o.sku_id in ${skuIds}) or (o.type = 'digital_album' and o.product_id in ${productIds}))
  union all
  (select 'subscription', null, null, null where exists (${activePlan(userId)}))`;

/**
 * The albums `userId`'s family may open in My Library, as the album page
 * decides (library.service.ts `album`): anything of it owned (a track, the
 * album, the CD), or, with a track to hear, free to stream or covered by the
 * active plan. The one list a family's favourites and a child's rules choose from.
 */
export const openAlbums = (userId: number) => sql<{ id: number }>`select p.id from products p
  where exists (select 1 from ownership o
      where o.user_id = ${userId} and o.product_id = p.id and o.type in ('digital_album', 'digital_track', 'physical'))
    or ((p.is_free_streaming or exists (${activePlan(userId)}))
      and exists (select 1 from skus t where t.product_id = p.id and t.type = 'digital_track' and not t.is_hidden))`;

/**
 * A track sku with what the access rule reads of it (access.ts rightsOf: its album, whether it is free, whether its
 * album streams free) and its title; a caller adds its own columns and joins. No row: no such track.
 */
export const trackWithRights = (db: Db, skuId: number) =>
  db
    .selectFrom('skus')
    .innerJoin('products', 'products.id', 'skus.product_id')
    .where('skus.id', '=', skuId)
    .where('skus.type', '=', 'digital_track')
    .select(['skus.id as sku_id', 'products.id as product_id', 'skus.title', 'skus.is_free', 'products.is_free_streaming']);
