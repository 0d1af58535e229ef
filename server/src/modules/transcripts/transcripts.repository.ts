import type { Cue, LangCode } from '@storyhouse/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { trackWithRights } from '../entitlements/entitlement-rows';

/** A track as its transcript needs it: the access rule's facts, its language and length, and its transcript's save. */
export interface TranscriptTrackRow {
  sku_id: number;
  product_id: number;
  title: string;
  album_title: string;
  is_free: boolean;
  is_free_streaming: boolean;
  /** The track's language, or its album's. */
  lang_code: LangCode;
  length_seconds: number | null;
  /** Hidden in the back office: shown nowhere, so its words are nobody's but the back office's. */
  is_hidden: boolean;
  /** The full recording's storage key (every track has one: a check of the table). */
  media_full: string;
  /** null: the track has no transcript. */
  updated_at: Date | null;
}

export function transcriptsRepository(db: Db) {
  return {
    /** A track sku with its transcript's last save (`for update`: locked for a save); undefined for any other sku. */
    track(skuId: number, lock = false): Promise<TranscriptTrackRow | undefined> {
      let query = trackWithRights(db, skuId)
        .leftJoin('transcripts', 'transcripts.sku_id', 'skus.id')
        .select([
          'products.title as album_title',
          sql<LangCode>`coalesce(skus.lang_code, products.lang_code)`.as('lang_code'),
          'skus.length_seconds',
          'skus.is_hidden',
          // Never null for a track (the table's check), which the generated types do not know.
          sql<string>`skus.media_full`.as('media_full'),
          'transcripts.updated_at',
        ]);
      if (lock) query = query.forUpdate('skus');
      return query.executeTakeFirst();
    },

    /** A track's cues in order; `untilMs`: only those starting before it (a preview's span). */
    cues(skuId: number, untilMs: number | null = null): Promise<Cue[]> {
      let query = db
        .selectFrom('transcript_cues')
        .where('sku_id', '=', skuId)
        .select(['start_ms', 'end_ms', 'text'])
        .orderBy('position');
      if (untilMs !== null) query = query.where('start_ms', '<', untilMs);
      return query.execute();
    },

    /** Replaces a track's transcript with these cues (none: removes it); returns when it was saved, null when removed. */
    async replace(skuId: number, langCode: LangCode, cues: readonly Cue[], userId: number | null): Promise<Date | null> {
      await db.deleteFrom('transcripts').where('sku_id', '=', skuId).execute();
      if (cues.length === 0) return null;
      const { updated_at } = await db
        .insertInto('transcripts')
        .values({ sku_id: skuId, updated_by: userId })
        .returning('updated_at')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('transcript_cues')
        .values(cues.map((c, position) => ({ sku_id: skuId, position, ...c, lang_code: langCode })))
        .execute();
      return updated_at;
    },
  };
}
