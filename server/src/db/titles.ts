import { sql } from 'kysely';
import type { Titles } from '../lib/titles';

/**
 * The titles by language of the shop's own things (decision 038), as SQL
 * fragments any repository may select, each as one object by language (null
 * with none), for lib/titles.ts titleIn to read in the site's language.
 */

/** The Spanish and Russian titles of the coupon whose id is in the column `couponId` (its English one is coupons.title). */
export const couponTitlesOf = (couponId: string) =>
  sql<Titles | null>`(select jsonb_object_agg(ct.lang_code, ct.title) from coupon_titles ct where ct.coupon_id = ${sql.ref(couponId)})`;

/** The titles of the sku of the type and code in these columns (a plan, a fund, the gift card: sku_titles). */
export const skuTitlesOf = (type: string, code: string) =>
  sql<Titles | null>`(select jsonb_object_agg(st.lang_code, st.title) from sku_titles st
    join skus s on s.id = st.sku_id where s.type = ${sql.ref(type)} and s.code = ${sql.ref(code)})`;

/** The titles of the sku whose id is in the column `skuId` (sku_titles). */
export const skuTitlesById = (skuId: string) =>
  sql<Titles | null>`(select jsonb_object_agg(st.lang_code, st.title) from sku_titles st where st.sku_id = ${sql.ref(skuId)})`;
