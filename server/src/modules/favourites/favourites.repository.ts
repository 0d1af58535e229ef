import type { FamilyAlbum } from '@storyhouse/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { ChildProfile } from '../accounts/child-profile';
import { albumAllowed } from '../child-rules/child-rules';
import { openAlbums } from '../entitlements/entitlement-rows';
import { albumOf } from '../entitlements/family-album';

/** A listener: the family's account and the child profile speaking (undefined: the parents). */
export interface FavouritesOwner {
  userId: number;
  profile: ChildProfile | undefined;
}

const ofOwner = (owner: FavouritesOwner) =>
  sql`f.user_id = ${owner.userId} and f.profile_id is not distinct from ${owner.profile?.id ?? null}`;

/** Each listener's favourite albums: the parents' (profile null) and each child's, apart. */
export function favouritesRepository(db: Db) {
  return {
    /**
     * The favourites the family may still open (a refunded album drops out) and, for a child, that the parents still
     * let them hear (an album they set to "never" since drops out: child-rules.ts), newest first.
     */
    async list(owner: FavouritesOwner): Promise<FamilyAlbum[]> {
      const { rows } = await sql<{
        id: number;
        title: string;
        primary_image: string | null;
      }>`select p.id, p.title, p.primary_image
        from favourites f join products p on p.id = f.product_id
        where ${ofOwner(owner)} and p.id in (${openAlbums(owner.userId)}) and ${albumAllowed(owner.profile, sql`p.id`)}
        order by f.created_at desc, p.id desc`.execute(db);
      return rows.map(albumOf);
    },

    async add(owner: FavouritesOwner, productId: number) {
      await db
        .insertInto('favourites')
        .values({ user_id: owner.userId, profile_id: owner.profile?.id ?? null, product_id: productId })
        .onConflict((oc) => oc.constraint('favourites_listener_key').doNothing())
        .execute();
    },

    async remove(owner: FavouritesOwner, productId: number) {
      await sql`delete from favourites f where ${ofOwner(owner)} and f.product_id = ${productId}`.execute(db);
    },
  };
}
