import { type CompiledQuery, sql } from 'kysely';
import type { Db } from '../../db/database';
import { compiledOnce, preparedQuery, slot } from '../../db/prepared';
import { type EntitlementRow, entitlementRows, trackWithRights } from '../entitlements/entitlement-rows';

export interface TrackMediaRow {
  sku_id: number;
  product_id: number;
  title: string;
  is_free: boolean;
  is_free_streaming: boolean;
  media_full: string | null;
  media_preview: string | null;
  /** What the listener owns of the track and its album, and a plan (access.ts `judge`); null when no listener was given. */
  entitlements: EntitlementRow[] | null;
}

/** The entitlement rows as JSON carries them: moments as text. */
type JsonTrackMediaRow = Omit<TrackMediaRow, 'entitlements'> & {
  entitlements: (Omit<EntitlementRow, 'granted_at'> & { granted_at: string | null })[] | null;
};

const slots = { skuId: slot<number>('skuId'), userId: slot<number>('userId') };
/** The two texts of the track's query (with a listener's entitlement rows, or without): db/prepared.ts compiledOnce. */
const queries = new Map<string, CompiledQuery<unknown>>();

export function mediaRepository(db: Db) {
  const build = (forListener: boolean) =>
    preparedQuery(
      trackWithRights(db, slots.skuId).select([
        'skus.media_full',
        'skus.media_preview',
        forListener
          ? sql<JsonTrackMediaRow['entitlements']>`(select coalesce(json_agg(e), '[]') from (${entitlementRows(
              slots.userId,
              sql`(${sql.ref('skus.id')})`,
              sql`(${sql.ref('products.id')})`,
            )}) e)`.as('entitlements')
          : sql<null>`null`.as('entitlements'),
      ]),
    );

  return {
    /**
     * A track sku with its media keys and the flags the access rule reads, read for every range (never kept: a track
     * made paid, or its album no longer free to stream, is refused at the next range, on every server); with
     * `userId`, in the same statement, what that listener owns of it and whether a plan covers it. Undefined for any
     * other sku.
     */
    async findTrack(skuId: number, userId: number | null): Promise<TrackMediaRow | undefined> {
      const forListener = userId !== null;
      const query = compiledOnce(queries, forListener ? 'listener' : 'visitor', () => build(forListener), {
        skuId,
        userId,
      });
      const row = (await db.executeQuery(query)).rows[0] as JsonTrackMediaRow | undefined;
      if (!row) return undefined;
      return {
        ...row,
        entitlements:
          row.entitlements?.map((e) => ({ ...e, granted_at: e.granted_at === null ? null : new Date(e.granted_at) })) ?? null,
      };
    },
  };
}
