import type { Db } from '../../db/database';

export interface TrackMediaRow {
  sku_id: number;
  product_id: number;
  title: string;
  is_free: boolean;
  is_free_streaming: boolean;
  media_full: string | null;
  media_preview: string | null;
}

export function mediaRepository(db: Db) {
  return {
    /** A track sku with its media keys and the flags the access rule reads; undefined for any other sku. */
    findTrack(skuId: number): Promise<TrackMediaRow | undefined> {
      return db
        .selectFrom('skus')
        .innerJoin('products', 'products.id', 'skus.product_id')
        .where('skus.id', '=', skuId)
        .where('skus.type', '=', 'digital_track')
        .select([
          'skus.id as sku_id',
          'products.id as product_id',
          'skus.title',
          'skus.is_free',
          'products.is_free_streaming',
          'skus.media_full',
          'skus.media_preview',
        ])
        .executeTakeFirst();
    },
  };
}
