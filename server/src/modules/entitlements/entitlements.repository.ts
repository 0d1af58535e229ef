import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { activePlan, type EntitlementRow, entitlementRows, openAlbums } from './entitlement-rows';

/** `(1, 2, 3)` for `in`; `(null)` (matching nothing) when empty. */
const idList = (ids: readonly number[]) => (ids.length ? sql`(${sql.join(ids)})` : sql`(null)`);

/** The access rule's queries (issue 14): what a listener owns among some tracks, and whether a plan covers every track. */
export function entitlementsRepository(db: Db) {
  return {
    /**
     * What `userId` owns among these tracks (an album owns all its tracks, a
     * track itself) and a 'subscription' row while a plan covers every track.
     * One query for a whole page of tracks.
     */
    async entitlements(userId: number, skuIds: readonly number[], productIds: readonly number[]): Promise<EntitlementRow[]> {
      const { rows } = await entitlementRows(userId, idList(skuIds), idList(productIds)).execute(db);
      return rows;
    },

    /** The albums the family may open (entitlement-rows.ts openAlbums), by title, with their covers. */
    async openAlbums(userId: number): Promise<{ id: number; title: string; primary_image: string | null }[]> {
      const { rows } = await sql<{ id: number; title: string; primary_image: string | null }>`
        select p.id, p.title, p.primary_image from products p where p.id in (${openAlbums(userId)}) order by p.title, p.id`.execute(
        db,
      );
      return rows;
    },

    /** Whether the family may open album `productId` (entitlement-rows.ts openAlbums). */
    async mayOpenAlbum(userId: number, productId: number): Promise<boolean> {
      const { rows } = await sql<{ yes: boolean }>`select ${productId} in (${openAlbums(userId)}) as yes`.execute(db);
      return rows[0]?.yes ?? false;
    },

    async hasActivePlan(userId: number): Promise<boolean> {
      const { rows } = await sql<{ yes: boolean }>`select exists (${activePlan(userId)}) as yes`.execute(db);
      return rows[0]?.yes ?? false;
    },
  };
}
