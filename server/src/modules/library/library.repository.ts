import type { LangCode } from '@storyhouse/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import { searchQueries } from '../../db/text-search';

/** A track's own columns, as the catalogue turns them into a Track. */
export interface LibraryTrackRow {
  id: number;
  product_id: number;
  title: string;
  description: string;
  position: number;
  length_seconds: number | null;
  full_price_cents: number;
  sale_price_cents: number | null;
  is_free: boolean;
  /** Where this listener stopped it (0: not started, or heard to the end). */
  position_seconds: number;
}

/** A track with its album, for lists across albums (search matches, Continue listening). */
export interface LibraryTrackWithAlbumRow extends LibraryTrackRow {
  product_slug: string;
  product_title: string;
  product_primary_image: string | null;
  product_is_free_streaming: boolean;
}

/** An album of the library and when the listener came to own it. */
export interface LibraryAlbumRow {
  id: number;
  slug: string;
  title: string;
  description: string;
  lang_code: LangCode;
  is_free_streaming: boolean;
  primary_image: string | null;
  created_at: Date;
  /** When the first digital part of it came to be owned; null when none is. */
  digital_purchased_at: Date | null;
  /** When its CD came to be owned; null when it is not. */
  physical_purchased_at: Date | null;
}

/** What the listener owns among some tracks, and whether a plan covers everything. */
export interface EntitlementRow {
  type: 'digital_album' | 'digital_track' | 'subscription';
  sku_id: number | null;
  product_id: number | null;
  granted_at: Date | null;
}

/** A track's recording and the names its file is saved under. */
export interface TrackFileRow {
  sku_id: number;
  product_id: number;
  title: string;
  position: number;
  product_title: string;
  is_free: boolean;
  is_free_streaming: boolean;
  media_full: string | null;
}

export interface LibraryFilter {
  /** null: every language. */
  langs: readonly LangCode[] | null;
  /** A trimmed, non-empty search term, or undefined. */
  search?: string | undefined;
}

const DIGITAL = sql`('digital_album', 'digital_track')`;

const trackColumns = sql`t.id, t.product_id, t.title, t.description, t.position, t.length_seconds, t.full_price_cents,
  t.sale_price_cents, t.is_free`;

/** The plan that covers every track (spec §6): started by checkout, active, not cancelled as of now. */
const activePlan = (userId: number) => sql`select 1 from recurring_items r
  where r.user_id = ${userId} and r.type = 'subscription' and r.status = 'active'
    and (r.cancel_at is null or r.cancel_at > now())`;

/**
 * The visible tracks of album p with where `userId` stopped each, in album
 * order, as one JSON array: a page of 12 albums is then 12 rows and one
 * round trip, not 12 plus their ~120 tracks in two.
 */
const tracksOfAlbum = (userId: number) => sql<LibraryTrackRow[]>`(select coalesce(json_agg(x order by x.position, x.id), '[]')
  from (select ${trackColumns}, coalesce(lp.position_seconds, 0) as position_seconds
    from skus t left join listening_progress lp on lp.user_id = ${userId} and lp.sku_id = t.id
    where t.product_id = p.id and t.type = 'digital_track' and not t.is_hidden) x)`;

/** The albums a user has anything of (a track, the album, the CD), with when each kind came to be owned. */
const ownedAlbums = (userId: number) => sql`owned as (
  select o.product_id,
    max(o.granted_at) as last_granted,
    min(o.granted_at) filter (where o.type in ${DIGITAL}) as digital_at,
    min(o.granted_at) filter (where o.type = 'physical') as physical_at
  from ownership o
  where o.user_id = ${userId} and o.type in ('digital_album', 'digital_track', 'physical') and o.product_id is not null
  group by o.product_id
)`;

const albumColumns = sql`p.id, p.slug, p.title, p.description, p.lang_code, p.is_free_streaming, p.primary_image,
  p.created_at, owned.digital_at as digital_purchased_at, owned.physical_at as physical_purchased_at`;

/** Album p matches the search (q) by its title or one of its track titles. */
const albumMatches = sql`(exists (select 1 from q where q.lang = p.lang_code and ts_filter(p.search_vector, '{a}') @@ q.query)
  or exists (select 1 from skus t join q on q.lang = t.lang_code
    where t.product_id = p.id and t.type = 'digital_track' and not t.is_hidden and t.search_vector @@ q.query))`;

/** Track skus with their album's title and their recordings (TrackFileRow). */
const trackFiles = (db: Db) =>
  db
    .selectFrom('skus as t')
    .innerJoin('products as p', 'p.id', 't.product_id')
    .where('t.type', '=', 'digital_track')
    .select([
      't.id as sku_id',
      'p.id as product_id',
      't.title',
      't.position',
      'p.title as product_title',
      't.is_free',
      'p.is_free_streaming',
      't.media_full',
    ]);

function languageCondition(column: RawBuilder<unknown>, langs: readonly LangCode[] | null) {
  return langs ? sql` and ${column} in (${sql.join(langs)})` : sql``;
}

/**
 * My Library's reads and the listening position (issue 14). The access
 * rule's one query (`entitlements`) lives here too: the rule itself is
 * access.ts.
 */
export function libraryRepository(db: Db) {
  return {
    /**
     * What `userId` owns among these tracks (an album owns all its tracks, a
     * track itself) and a 'subscription' row while a plan covers every track.
     * One query for a whole page of tracks.
     */
    async entitlements(userId: number, skuIds: readonly number[], productIds: readonly number[]): Promise<EntitlementRow[]> {
      const tracks = skuIds.length ? sql`(o.type = 'digital_track' and o.sku_id in (${sql.join(skuIds)}))` : sql`false`;
      const albums = productIds.length
        ? sql`(o.type = 'digital_album' and o.product_id in (${sql.join(productIds)}))`
        : sql`false`;
      const { rows } = await sql<EntitlementRow>`
        select o.type, o.sku_id, o.product_id, o.granted_at from ownership o
        where o.user_id = ${userId} and (${tracks} or ${albums})
        union all
        (select 'subscription', null, null, null where exists (${activePlan(userId)}))`.execute(db);
      return rows;
    },

    async hasActivePlan(userId: number): Promise<boolean> {
      const { rows } = await sql<{ yes: boolean }>`select exists (${activePlan(userId)}) as yes`.execute(db);
      return rows[0]?.yes ?? false;
    },

    /** A page of the user's albums, newest purchase first, each with its tracks, and how many there are. */
    listAlbums: async function listAlbums(
      userId: number,
      f: LibraryFilter,
      page: { limit: number; offset: number },
    ): Promise<{ rows: (LibraryAlbumRow & { tracks: LibraryTrackRow[] })[]; total: number }> {
      const search = f.search ? sql` and ${albumMatches}` : sql``;
      const { rows } = await sql<LibraryAlbumRow & { tracks: LibraryTrackRow[]; total: number }>`
        with ${ownedAlbums(userId)}${f.search ? sql`, ${searchQueries(f.search, f.langs)}` : sql``}
        select ${albumColumns}, ${tracksOfAlbum(userId)} as tracks, count(*) over ()::int as total
        from owned join products p on p.id = owned.product_id
        where true ${languageCondition(sql`p.lang_code`, f.langs)}${search}
        order by owned.last_granted desc, p.id desc
        limit ${page.limit} offset ${page.offset}`.execute(db);
      if (rows.length > 0 || page.offset === 0) {
        return { rows: rows.map(({ total: _, ...row }) => row), total: rows[0]?.total ?? 0 };
      }
      // Past the last page: no row carries the total, so count apart.
      return { rows: [], total: (await listAlbums(userId, f, { limit: 1, offset: 0 })).total };
    },

    /** One album with what the user owns of it; its owned dates are null when nothing of it is owned. */
    async album(userId: number, productId: number): Promise<LibraryAlbumRow | undefined> {
      const { rows } = await sql<LibraryAlbumRow>`
        with ${ownedAlbums(userId)}
        select ${albumColumns}
        from products p left join owned on owned.product_id = p.id
        where p.id = ${productId}`.execute(db);
      return rows[0];
    },

    /** Whether the user owns anything of the album (a track, the album or the CD). */
    async ownsAnythingOf(userId: number, productId: number): Promise<boolean> {
      const row = await db
        .selectFrom('ownership')
        .select('id')
        .where('user_id', '=', userId)
        .where('product_id', '=', productId)
        .where('type', 'in', ['digital_album', 'digital_track', 'physical'])
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The visible tracks of some albums in album order, with where the user stopped each. */
    async tracksOf(userId: number, productIds: readonly number[]): Promise<LibraryTrackRow[]> {
      if (productIds.length === 0) return [];
      const { rows } = await sql<LibraryTrackRow>`
        select ${trackColumns}, coalesce(lp.position_seconds, 0) as position_seconds
        from skus t
        left join listening_progress lp on lp.user_id = ${userId} and lp.sku_id = t.id
        where t.product_id in (${sql.join(productIds)}) and t.type = 'digital_track' and not t.is_hidden
        order by t.product_id, t.position, t.id`.execute(db);
      return rows;
    },

    /** Tracks of the user's albums whose title matches the search, best first. */
    async searchTracks(
      userId: number,
      f: LibraryFilter & { search: string },
      limit: number,
    ): Promise<LibraryTrackWithAlbumRow[]> {
      const { rows } = await sql<LibraryTrackWithAlbumRow>`
        with ${ownedAlbums(userId)}, ${searchQueries(f.search, f.langs)}
        select ${trackColumns}, coalesce(lp.position_seconds, 0) as position_seconds,
          p.slug as product_slug, p.title as product_title, p.primary_image as product_primary_image,
          p.is_free_streaming as product_is_free_streaming
        from owned
        join products p on p.id = owned.product_id
        join skus t on t.product_id = p.id
        join q on q.lang = t.lang_code
        left join listening_progress lp on lp.user_id = ${userId} and lp.sku_id = t.id
        where t.type = 'digital_track' and not t.is_hidden and t.search_vector @@ q.query
          ${languageCondition(sql`p.lang_code`, f.langs)}
        order by ts_rank(t.search_vector, q.query) desc, owned.last_granted desc, t.position, t.id
        limit ${limit}`.execute(db);
      return rows;
    },

    /** The user's started, unfinished tracks, most recently heard first. */
    async startedTracks(userId: number, langs: readonly LangCode[] | null, limit: number): Promise<LibraryTrackWithAlbumRow[]> {
      const { rows } = await sql<LibraryTrackWithAlbumRow>`
        select ${trackColumns}, lp.position_seconds,
          p.slug as product_slug, p.title as product_title, p.primary_image as product_primary_image,
          p.is_free_streaming as product_is_free_streaming
        from listening_progress lp
        join skus t on t.id = lp.sku_id
        join products p on p.id = t.product_id
        where lp.user_id = ${userId} and lp.position_seconds > 0 and t.type = 'digital_track' and not t.is_hidden
          ${languageCondition(sql`p.lang_code`, langs)}
        order by lp.updated_at desc, t.id
        limit ${limit}`.execute(db);
      return rows;
    },

    /** A track sku with its album's title and its recording; undefined for any other sku. */
    trackFile(skuId: number): Promise<(TrackFileRow & { length_seconds: number | null }) | undefined> {
      return trackFiles(db).where('t.id', '=', skuId).select('t.length_seconds').executeTakeFirst();
    },

    /** An album's tracks (hidden ones too: what was bought stays downloadable) with their recordings, in album order. */
    albumFiles(productId: number): Promise<TrackFileRow[]> {
      return trackFiles(db).where('t.product_id', '=', productId).orderBy('t.position').orderBy('t.id').execute();
    },

    async productCover(productId: number): Promise<{ title: string; primary_image: string | null } | undefined> {
      return db.selectFrom('products').select(['title', 'primary_image']).where('id', '=', productId).executeTakeFirst();
    },

    /** Stores where the user stopped the track (0 once heard to the end). */
    async saveProgress(userId: number, skuId: number, positionSeconds: number) {
      await db
        .insertInto('listening_progress')
        .values({ user_id: userId, sku_id: skuId, position_seconds: positionSeconds })
        .onConflict((oc) =>
          oc.columns(['user_id', 'sku_id']).doUpdateSet({ position_seconds: positionSeconds, updated_at: sql<Date>`now()` }),
        )
        .execute();
    },
  };
}
