import type { Listens } from '@storyhouse/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { CHILD_PROFILE_COLUMNS, type ChildProfile } from '../accounts/child-profile';

/** A child profile's own columns, as the parents set them. */
export type ProfileRow = ChildProfile;

/** The columns a parent writes (profiles.service.ts checks them first). */
export interface ProfileValues {
  nickname: string;
  avatar: string;
  age_band: string;
  listens: Listens;
  quiet_from: string | null;
  quiet_to: string | null;
  time_zone: string;
  daily_limit_minutes: number | null;
  sleep_timer: string | null;
}

/** A profile's hand-picked and never albums; a list left out stays as it is. */
export interface AlbumRules {
  pick?: readonly number[] | undefined;
  never?: readonly number[] | undefined;
}

async function replaceAlbums(trx: Db, profileId: number, albums: AlbumRules) {
  for (const rule of ['pick', 'never'] as const) {
    const ids = albums[rule];
    if (!ids) continue;
    await trx.deleteFrom('profile_albums').where('profile_id', '=', profileId).where('rule', '=', rule).execute();
    if (ids.length > 0)
      await trx
        .insertInto('profile_albums')
        .values([...new Set(ids)].map((product_id) => ({ profile_id: profileId, product_id, rule })))
        .execute();
  }
}

const COLUMNS = CHILD_PROFILE_COLUMNS;

/** The parents' management of their children's profiles: every read and write is of one account's profiles. */
export function profilesRepository(db: Db) {
  return {
    list(userId: number): Promise<ProfileRow[]> {
      return db.selectFrom('profiles').select(COLUMNS).where('user_id', '=', userId).orderBy('id').execute();
    },

    find(userId: number, id: number): Promise<ProfileRow | undefined> {
      return db.selectFrom('profiles').select(COLUMNS).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    },

    /** The 'pick' and 'never' albums of some profiles. */
    albumRules(profileIds: readonly number[]) {
      if (profileIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('profile_albums')
        .select(['profile_id', 'product_id', 'rule'])
        .where('profile_id', 'in', profileIds)
        .orderBy('product_id')
        .execute();
    },

    /** Seconds listened per day since `from` ('YYYY-MM-DD'), per profile. */
    listeningDays(profileIds: readonly number[], from: string) {
      if (profileIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('profile_listening_days')
        .select(['profile_id', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'seconds'])
        .where('profile_id', 'in', profileIds)
        .where('day', '>=', sql<Date>`${from}::date`)
        .execute();
    },

    /** The albums each profile heard last (its places), most recent first, `perProfile` each. */
    async recentAlbums(profileIds: readonly number[], perProfile: number) {
      if (profileIds.length === 0) return [];
      const { rows } = await sql<{
        profile_id: number;
        id: number;
        title: string;
        primary_image: string | null;
        heard_at: Date | string;
      }>`select profile_id, id, title, primary_image, heard_at from (
          select lp.profile_id, p.id, p.title, p.primary_image, max(lp.updated_at) as heard_at,
            row_number() over (partition by lp.profile_id order by max(lp.updated_at) desc, p.id) as n
          from listening_progress lp join skus t on t.id = lp.sku_id join products p on p.id = t.product_id
          where lp.profile_id in (${sql.join(profileIds)})
          group by lp.profile_id, p.id) heard
        where n <= ${perProfile} order by profile_id, n`.execute(db);
      return rows;
    },

    count(userId: number) {
      return db
        .selectFrom('profiles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    },

    /** Which of `ids` are albums of the catalogue (a product with a track). */
    async albumsAmong(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('products as p')
        .select('p.id')
        .where('p.id', 'in', ids)
        .where((eb) =>
          eb.exists(
            eb.selectFrom('skus as t').select('t.id').whereRef('t.product_id', '=', 'p.id').where('t.type', '=', 'digital_track'),
          ),
        )
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    /**
     * Adds a profile to `userId`'s family unless it has `max` already: the count and the insert in one statement
     * under a lock on the account, so two parents adding at once cannot pass the limit. Undefined when full.
     */
    async create(userId: number, values: ProfileValues, albums: AlbumRules, max: number): Promise<number | undefined> {
      return db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
        const { n } = await trx
          .selectFrom('profiles')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (Number(n) >= max) return undefined;
        const row = await trx
          .insertInto('profiles')
          .values({ user_id: userId, ...values })
          .returning('id')
          .executeTakeFirstOrThrow();
        await replaceAlbums(trx, row.id, albums);
        return row.id;
      });
    },

    /** Changes a profile's columns and (when given) replaces its picked and never albums, together. */
    async update(userId: number, id: number, values: Partial<ProfileValues>, albums: AlbumRules): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('profiles')
          .set({ ...values, updated_at: new Date() })
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .returning('id')
          .executeTakeFirst();
        if (!row) return false;
        await replaceAlbums(trx, id, albums);
        return true;
      });
    },

    /** Deletes a profile of `userId`; its places, queue, favourites, rules, days and sessions go with it (on delete cascade). */
    async remove(userId: number, id: number): Promise<boolean> {
      const row = await db
        .deleteFrom('profiles')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      return Boolean(row);
    },
  };
}
