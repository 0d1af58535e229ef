import type { Db } from '../../db/database';
import { trackWithRights } from '../entitlements/entitlement-rows';

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
      return trackWithRights(db, skuId).select(['skus.media_full', 'skus.media_preview']).executeTakeFirst();
    },
  };
}
