import { type CompiledQuery, type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import { compiledOnce, prepared, preparedQuery, slot } from '../../db/prepared';
import { readAfter } from '../../lib/read-after';
import { type EntitlementRow, entitlementRows, trackWithRights } from '../entitlements/entitlement-rows';
import { sharedVersion } from '../entitlements/family-tag';

/** A track's facts: what the access rule reads of it, its title and its recordings. */
export interface TrackFacts {
  sku_id: number;
  product_id: number;
  title: string;
  is_free: boolean;
  is_free_streaming: boolean;
  media_full: string | null;
  media_preview: string | null;
}

export interface TrackMediaRow extends TrackFacts {
  /** What the listener owns of the track and its album, and a plan (access.ts `judge`); null when no listener was given. */
  entitlements: EntitlementRow[] | null;
}

/** Entitlement rows as JSON carries them: moments as text. */
type JsonEntitlements = (Omit<EntitlementRow, 'granted_at'> & { granted_at: string | null })[] | null;

/** The catalogue's version as text (decision 088: it moves with every change to products and skus). */
const catalogueVersion = sql<string>`${sharedVersion('catalogue')}::text`;

const slots = { skuId: slot<number>('skuId'), productId: slot<number>('productId'), userId: slot<number>('userId') };

/** The listener's entitlement rows for one track and its album, as JSON; null for no listener. */
const entitlementsOf = (forListener: boolean, skuId: RawBuilder<unknown>, productId: RawBuilder<unknown>) =>
  forListener
    ? sql<JsonEntitlements>`(select coalesce(json_agg(e), '[]') from (${entitlementRows(slots.userId, skuId, productId)}) e)`
    : sql<JsonEntitlements>`null`;

/** The texts of the track's statements (its read, a listener's check, the version): db/prepared.ts compiledOnce. */
const queries = new Map<string, CompiledQuery<unknown>>();

type TrackRead = TrackFacts & { version: string; entitlements: JsonEntitlements };

/**
 * The track's facts, the catalogue's version they are kept under, and the listener's rights (none for a visitor): one
 * statement, compiled once. The facts are read in the same statement as the version (decision 088's proof).
 */
export const readTrackQuery = (db: Db, skuId: number, userId: number | null): CompiledQuery<TrackRead> =>
  compiledOnce(
    queries,
    userId === null ? 'read:visitor' : 'read:listener',
    () =>
      preparedQuery(
        trackWithRights(db, slots.skuId)
          // A hidden track is shown nowhere, a family's library included (library.repository.ts): nor does it play.
          .where('skus.is_hidden', '=', false)
          .select([
            'skus.media_full',
            'skus.media_preview',
            catalogueVersion.as('version'),
            entitlementsOf(userId !== null, sql`(${sql.ref('skus.id')})`, sql`(${sql.ref('products.id')})`).as('entitlements'),
          ]),
      ),
    { skuId, userId },
  );

type Check = { version: string; entitlements: JsonEntitlements };

/** The catalogue's version and a listener's rights to a track kept already: one statement, compiled once. */
const checkQuery = (db: Db, skuId: number, productId: number, userId: number): CompiledQuery<Check> =>
  compiledOnce(
    queries,
    'check',
    () =>
      sql<Check>`${prepared}select ${catalogueVersion} as version,
        ${entitlementsOf(true, sql`(${slots.skuId})`, sql`(${slots.productId})`)} as entitlements`.compile(db),
    { skuId, productId, userId },
  );

/** Tracks whose facts one server keeps at most (some 200 bytes each). */
const KEPT_MAX = 10_000;

export function mediaRepository(db: Db) {
  /**
   * Track facts kept by sku id with the catalogue's version they were read under, served again only while the
   * version read for the request is still that one (decision 088): a player asks for many ranges of one track in a
   * row, and on the embedded database reading the version costs a fifth of reading the track (decision 092). Kept
   * by this repository, so by one app: two apps in one process never share facts of two databases.
   */
  const kept = new Map<number, { version: string; facts: TrackFacts }>();
  /** The catalogue's version now, one read shared by the visitors' ranges that ask at once (lib/read-after.ts). */
  const catalogueNow = readAfter(async () => {
    const { rows } = await db.executeQuery(
      compiledOnce(
        queries,
        'version',
        () => sql<{ version: string }>`${prepared}select ${catalogueVersion} as version`.compile(db),
        [],
      ),
    );
    return (rows[0] as { version: string }).version;
  });

  return {
    /**
     * A track sku with its media keys and the flags the access rule reads; with `userId`, what that listener owns of
     * it and whether a plan covers it. Undefined for any other sku. Read as the database holds it now, for every
     * range: a track made paid, or its album no longer free to stream, is refused at the next range on every server
     * of the database. One statement: the catalogue's version (and the listener's rights) when the track's facts are
     * kept under it, else the facts, the version and the rights together. A visitor's ranges asking at once share a
     * read of the version begun after each asked.
     */
    async findTrack(skuId: number, userId: number | null): Promise<TrackMediaRow | undefined> {
      const forListener = userId !== null;
      const hit = kept.get(skuId);
      if (hit) {
        const now = forListener
          ? ((await db.executeQuery(checkQuery(db, skuId, hit.facts.product_id, userId))).rows[0] as Check)
          : { version: await catalogueNow(), entitlements: null };
        // The version only goes up: the same one now means no change to the catalogue since the facts were read.
        if (now.version === hit.version) return { ...hit.facts, entitlements: moments(now.entitlements) };
        kept.delete(skuId);
      }
      const row = (await db.executeQuery(readTrackQuery(db, skuId, userId))).rows[0];
      if (!row) return undefined;
      const { version, entitlements, ...facts } = row;
      if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value as number);
      kept.set(skuId, { version, facts });
      return { ...facts, entitlements: moments(entitlements) };
    },
  };
}

const moments = (rows: JsonEntitlements): EntitlementRow[] | null =>
  rows?.map((e) => ({ ...e, granted_at: e.granted_at === null ? null : new Date(e.granted_at) })) ?? null;
