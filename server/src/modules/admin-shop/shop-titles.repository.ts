import { shopTitleTypes } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { skuTitlesById } from '../../db/titles';

/** The titles of the shop's things sold on every site (sku_titles: plans, funds, the gift card), decision 038. */
export function shopTitlesRepository(db: Db) {
  const skus = () =>
    db
      .selectFrom('skus')
      .select(['skus.id', 'skus.type', 'skus.code', 'skus.title', skuTitlesById('skus.id').as('titles')])
      .where('skus.type', 'in', shopTitleTypes);
  return {
    /** Each plan, fund and gift card, grouped by kind, in the shop's order. */
    list() {
      return skus().orderBy('skus.type').orderBy('skus.position').orderBy('skus.id').execute();
    },

    /** The sku, locked for the rest of the transaction (two edits at once: one after the other); undefined for any other sku. */
    findForUpdate(skuId: number) {
      return skus().where('skus.id', '=', skuId).forUpdate().executeTakeFirst();
    },

    /** Sets its titles: a row per language given, none for a language left empty (its site shows English). */
    async setTitles(skuId: number, titles: Partial<Record<'en' | 'es' | 'ru', string>>) {
      await db.deleteFrom('sku_titles').where('sku_id', '=', skuId).execute();
      const rows = Object.entries(titles)
        .filter(([, title]) => title)
        .map(([lang_code, title]) => ({ sku_id: skuId, lang_code, title: title as string }));
      if (rows.length > 0) await db.insertInto('sku_titles').values(rows).execute();
    },
  };
}
