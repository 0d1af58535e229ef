import type { LangCode } from '@storyhouse/contracts';
import { type CompiledQuery, type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import { compiledOnce, prepared, slot } from '../../db/prepared';
import { searchQueries } from '../../db/text-search';
import { activePlan, type EntitlementRow, entitlementRows } from '../entitlements/entitlement-rows';
import { skusInCartSeenBy } from '../in-cart/in-cart';

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
  /** A track with a transcript (issue 43). */
  has_transcript: boolean;
  /** Where this listener stopped it (0: not started, or heard to the end). */
  position_seconds: number;
  /** When that place was heard (null: never; a string inside the JSON of an album's tracks). */
  position_heard_at: Date | string | null;
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
  /** Something of it came with a claimed gift. */
  is_gift: boolean | null;
  /** That gift's buyer's name; null or '' when unknown. */
  gift_from: string | null;
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

/** What a page's marks are made of: the access rule's facts for its tracks (entitlements/access.ts `judge`) and the session's in-cart skus. */
export interface LibraryMarkRows {
  entitlements: EntitlementRow[];
  in_cart: number[];
}

/** An album with its visible tracks, in album order. */
export type LibraryAlbumWithTracksRow = LibraryAlbumRow & { tracks: LibraryTrackRow[] };

/** An album page as `album` reads it. */
export type LibraryAlbumPageRow = LibraryAlbumWithTracksRow & LibraryMarkRows;

/** A library page as `page` reads it. */
export interface LibraryPageRows extends LibraryMarkRows {
  /** How many albums match the filter: the owned ones and, with an active plan, the rest of the catalogue. */
  total: number;
  /** How many of them the family has nothing of (listed after the owned ones; none without an active plan). */
  unowned_total: number;
  albums: LibraryAlbumWithTracksRow[];
  matches: LibraryTrackWithAlbumRow[];
  started: LibraryTrackWithAlbumRow[];
}

/**
 * Whom a library read is for: the family (`userId`), the profile listening
 * (null: the parents; places are each profile's own) and which albums that
 * profile may hear (child-rules albumAllowed, as SQL on a product id).
 */
export interface LibraryListener {
  userId: number;
  profileId: number | null;
  allowed: (product: RawBuilder<unknown>) => RawBuilder<boolean>;
}

/** The listener's own place in track t. */
const placeOf = (l: LibraryListener) =>
  sql`listening_progress lp on lp.user_id = ${l.userId} and lp.profile_id is not distinct from ${l.profileId}::int and lp.sku_id = t.id`;

export interface LibraryFilter {
  /** null: every language. */
  langs: readonly LangCode[] | null;
  /** A trimmed, non-empty search term, or undefined. */
  search?: string | undefined;
}

const DIGITAL = sql`('digital_album', 'digital_track')`;

const trackColumns = sql`t.id, t.product_id, t.title, t.description, t.position, t.length_seconds, t.full_price_cents,
  t.sale_price_cents, t.is_free, exists (select 1 from transcripts tr where tr.sku_id = t.id) as has_transcript`;

/**
 * The visible tracks of album p with where `userId` stopped each, in album
 * order, as one JSON array: a page of 12 albums is then 12 rows and one
 * round trip, not 12 plus their ~120 tracks in two. The one track list of
 * the library page and the album page.
 */
const tracksOfAlbum = (l: LibraryListener) => sql<LibraryTrackRow[]>`(select coalesce(json_agg(x order by x.position, x.id), '[]')
  from (select ${trackColumns}, coalesce(lp.position_seconds, 0) as position_seconds, lp.updated_at as position_heard_at
    from skus t left join ${placeOf(l)}
    where t.product_id = p.id and t.type = 'digital_track' and not t.is_hidden) x)`;

/**
 * The albums a user has anything of (a track, the album, the CD), with when
 * each kind came to be owned and the claimed gift it came with, if any (a
 * gift order gives its buyer nothing: purchases.service.ts deliverGoods).
 */
const ownedAlbums = (userId: number) => sql`owned as (
  select o.product_id,
    max(o.granted_at) as last_granted,
    min(o.granted_at) filter (where o.type in ${DIGITAL}) as digital_at,
    min(o.granted_at) filter (where o.type = 'physical') as physical_at,
    min(o.gift_id) as gift_id
  from ownership o
  where o.user_id = ${userId} and o.type in ('digital_album', 'digital_track', 'physical') and o.product_id is not null
  group by o.product_id
)`;

/**
 * The albums of the catalogue the user has nothing of, while their plan
 * covers every track (issue 28 item 4: My Library offers them as "Included
 * in your plan"): the products with a track to hear. Without an active plan
 * PostgreSQL skips the scan (the uncorrelated `exists` is a one-time filter).
 */
const unownedAlbums = (userId: number) => sql`from products p left join owned on owned.product_id = p.id
  where owned.product_id is null and exists (${activePlan(userId)})
    and exists (select 1 from skus t where t.product_id = p.id and t.type = 'digital_track' and not t.is_hidden)`;

/** The library's order: owned albums, newest purchase first, then the plan's (`tier` 1), newest release first. */
const libraryOrder = (a: RawBuilder<unknown>) =>
  sql`${a}.tier, ${a}.last_granted desc, ${a}.release_date desc nulls last, ${a}.id desc`;

/** The name of whoever gave the album (the gift's buyer), '' when their account has none. */
const giftColumns = sql`owned.gift_id is not null as is_gift,
  (select trim(u.fname || ' ' || u.lname) from gifts g join users u on u.id = g.sender_user_id where g.id = owned.gift_id)
    as gift_from`;

const albumColumns = sql`p.id, p.slug, p.title, p.description, p.lang_code, p.is_free_streaming, p.primary_image,
  p.created_at, owned.digital_at as digital_purchased_at, owned.physical_at as physical_purchased_at, ${giftColumns}`;

/** Album p matches the search (q) by its title or one of its track titles. */
const albumMatches = sql`(exists (select 1 from q where q.lang = p.lang_code and ts_filter(p.search_vector, '{a}') @@ q.query)
  or exists (select 1 from skus t join q on q.lang = t.lang_code
    where t.product_id = p.id and t.type = 'digital_track' and not t.is_hidden and t.search_vector @@ q.query))`;

const withAlbum = sql`p.slug as product_slug, p.title as product_title, p.primary_image as product_primary_image,
  p.is_free_streaming as product_is_free_streaming`;

/** A list of tracks that is not asked for: the columns of the others, no row. */
const noTracks = sql`select ${trackColumns}, 0 as position_seconds, null::timestamptz as position_heard_at, ${withAlbum}, 0::bigint as n
  from skus t join products p on p.id = t.product_id where false`;

/** Tracks of the user's albums (`owned`) whose title matches the search (`q`), best first (`n`). */
const searchMatches = (l: LibraryListener, langs: readonly LangCode[] | null, limit: number) => sql`
  select ${trackColumns}, coalesce(lp.position_seconds, 0) as position_seconds, lp.updated_at as position_heard_at, ${withAlbum},
    row_number() over (order by ts_rank(t.search_vector, q.query) desc, owned.last_granted desc, t.position, t.id) as n
  from owned
  join products p on p.id = owned.product_id
  join skus t on t.product_id = p.id
  join q on q.lang = t.lang_code
  left join ${placeOf(l)}
  where t.type = 'digital_track' and not t.is_hidden and t.search_vector @@ q.query and ${l.allowed(sql`p.id`)}
    ${languageCondition(sql`p.lang_code`, langs)}
  order by n
  limit ${limit}`;

/** The user's started, unfinished tracks, most recently heard first (`n`). */
const startedTracks = (l: LibraryListener, langs: readonly LangCode[] | null, limit: number) => sql`
  select ${trackColumns}, lp.position_seconds, lp.updated_at as position_heard_at, ${withAlbum}, row_number() over (order by lp.updated_at desc, t.id) as n
  from listening_progress lp
  join skus t on t.id = lp.sku_id
  join products p on p.id = t.product_id
  where lp.user_id = ${l.userId} and lp.profile_id is not distinct from ${l.profileId}::int and lp.position_seconds > 0
    and t.type = 'digital_track' and not t.is_hidden and ${l.allowed(sql`p.id`)}
    ${languageCondition(sql`p.lang_code`, langs)}
  order by n
  limit ${limit}`;

const moment = (text: Date | string | null) => (text === null ? null : new Date(text));

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

/**
 * The marks' facts (LibraryMarkRows) as two columns of JSON, for a page to
 * read them within its own query: the access rule's facts for some tracks
 * and albums (`entitlementRows`) and the skus in the cart `sessionId` sees.
 */
const markColumns = (db: Db, userId: number, sessionId: string, skuIds: RawBuilder<unknown>, productIds: RawBuilder<unknown>) =>
  sql`(select coalesce(json_agg(e), '[]') from (${entitlementRows(userId, skuIds, productIds)}) e) as entitlements,
    (select coalesce(json_agg(c.sku_id), '[]') from (${skusInCartSeenBy(db, sessionId)}) c) as in_cart`;

/** JSON carries moments as text. */
const entitlementsOf = (rows: readonly EntitlementRow[]) => rows.map((e) => ({ ...e, granted_at: moment(e.granted_at) }));

function languageCondition(column: RawBuilder<unknown>, langs: readonly LangCode[] | null) {
  return langs ? sql` and ${column} in (${sql.join(langs)})` : sql``;
}

/** The slots of a library page's query (db/prepared.ts compiledOnce): what changes from one read to the next. */
const slots = {
  userId: slot<number>('userId'),
  sessionId: slot<string>('sessionId'),
  limit: slot<number>('limit'),
  offset: slot<number>('offset'),
};
/** The library page's query texts, by the filter's shape (never by whom they are for: the user is a parameter). */
const pageQueries = new Map<string, CompiledQuery<unknown>>();

/** The library page's one query (libraryRepository page). */
function pageQuery(
  db: Db,
  l: LibraryListener,
  sessionId: string,
  f: LibraryFilter,
  window: { limit: number; offset: number },
  lists: { matches: number; started: number },
) {
  const { userId } = l;
  const condition = sql`${languageCondition(sql`p.lang_code`, f.langs)}${f.search ? sql` and ${albumMatches}` : sql``}
    and ${l.allowed(sql`p.id`)}`;
  const ctes = [
    ownedAlbums(userId),
    ...(f.search ? [searchQueries(f.search, f.langs)] : []),
    // What matches is only counted and ordered (a family may own hundreds of albums); the page's dozen alone are read
    // whole (albumColumns: their texts, dates, gift), which was most of the query's time.
    sql`filtered as (select p.id, owned.last_granted, 0 as tier, null::date as release_date
        from owned join products p on p.id = owned.product_id
        where true ${condition}
      union all
      select p.id, null, 1, p.release_date ${unownedAlbums(userId)} ${condition})`,
    sql`page as (select ${albumColumns}, f.last_granted, f.tier, f.release_date
      from (select * from filtered order by ${libraryOrder(sql`filtered`)} limit ${window.limit} offset ${window.offset}) f
      join products p on p.id = f.id left join owned on owned.product_id = p.id)`,
    sql`matches as (${f.search && lists.matches > 0 ? searchMatches(l, f.langs, lists.matches) : noTracks})`,
    sql`started as (${lists.started > 0 ? startedTracks(l, f.langs, lists.started) : noTracks})`,
    sql`viewed as (select id as product_id from page union select product_id from matches union select product_id from started)`,
  ];
  return sql<LibraryPageRows>`${prepared}with ${sql.join(ctes)}
    select (select count(*)::int from filtered) as total,
      (select count(*)::int from filtered where tier = 1) as unowned_total,
      (select coalesce(json_agg(a order by ${libraryOrder(sql`a`)}), '[]')
        from (select p.*, ${tracksOfAlbum(l)} as tracks from page p) a) as albums,
      (select coalesce(json_agg(m order by m.n), '[]') from matches m) as matches,
      (select coalesce(json_agg(s order by s.n), '[]') from started s) as started,
      ${markColumns(
        db,
        userId,
        sessionId,
        sql`(select t.id from skus t where t.product_id in (select product_id from viewed))`,
        sql`(select product_id from viewed)`,
      )}`;
}

/** The library page's one query (libraryRepository page), compiled. */
export function libraryPageQuery(
  ...[db, l, sessionId, f, window, lists]: Parameters<typeof pageQuery>
): CompiledQuery<LibraryPageRows> {
  const values = { userId: l.userId, sessionId, limit: window.limit, offset: window.offset };
  const build = (v: typeof values) =>
    pageQuery(db, { ...l, userId: v.userId }, v.sessionId, f, { limit: v.limit, offset: v.offset }, lists).compile(db);
  // The parents' pages without a search (nearly every read) come in a few texts: each built once. A child
  // profile's rules and a search change the text with their values: those are built for each read.
  return l.profileId === null && !f.search
    ? compiledOnce(pageQueries, `${f.langs?.join() ?? ''}|${lists.matches}|${lists.started}`, () => build(slots), values)
    : build(values);
}

/**
 * My Library's reads and the listening position (issue 14). The access
 * rule's facts are read within the page and album queries
 * (entitlements/entitlement-rows.ts); the rule itself is
 * entitlements/access.ts.
 */
export function libraryRepository(db: Db) {
  return {
    /**
     * Everything of a library page in one round trip (a page is read often,
     * and on a busy server each query's write to the socket costs more than
     * planning it): the page of albums with their tracks and how many albums
     * match, the search matches, the started tracks, the access rule's facts
     * for all of those tracks, and the in-cart marks of the session.
     */
    async page(
      l: LibraryListener,
      sessionId: string,
      f: LibraryFilter,
      window: { limit: number; offset: number },
      lists: { matches: number; started: number },
    ): Promise<LibraryPageRows> {
      const { rows } = await db.executeQuery<LibraryPageRows>(libraryPageQuery(db, l, sessionId, f, window, lists));
      const row = rows[0] as LibraryPageRows;
      // JSON carries moments as text.
      return {
        ...row,
        albums: row.albums.map((a) => ({
          ...a,
          created_at: new Date(a.created_at),
          digital_purchased_at: moment(a.digital_purchased_at),
          physical_purchased_at: moment(a.physical_purchased_at),
        })),
        entitlements: entitlementsOf(row.entitlements),
      };
    },

    /**
     * An album page in one round trip, as `page` reads a library page: the
     * album with what the user owns of it (its owned dates null when nothing
     * of it is owned), its tracks, the access rule's facts for them (a
     * 'subscription' row: the plan opens the album) and the in-cart marks of
     * the session. Undefined when no product has the id.
     */
    async album(l: LibraryListener, sessionId: string, productId: number): Promise<LibraryAlbumPageRow | undefined> {
      const { userId } = l;
      const { rows } = await sql<LibraryAlbumPageRow>`${prepared}with ${ownedAlbums(userId)}
        select ${albumColumns}, ${tracksOfAlbum(l)} as tracks,
          ${markColumns(db, userId, sessionId, sql`(select t.id from skus t where t.product_id = p.id)`, sql`(p.id)`)}
        from products p left join owned on owned.product_id = p.id
        where p.id = ${productId}`.execute(db);
      const row = rows[0];
      return row && Object.assign(row, { entitlements: entitlementsOf(row.entitlements) });
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

    /**
     * Stores where the user stopped the track (0 once heard to the end), heard
     * at `heardAt` (never later than now; null: now), unless a position heard
     * later is already stored (one sent late from a device that was offline
     * never overwrites a newer one from another device). Answers the position
     * kept.
     */
    async saveProgress(
      { userId, profileId }: Pick<LibraryListener, 'userId' | 'profileId'>,
      skuId: number,
      positionSeconds: number,
      heardAt: Date | null,
      deviceId: string | null,
    ): Promise<number> {
      // The rule of contracts' keptPlace, in SQL so that two saves at once cannot both win: a place heard later
      // than now counts as now; the stored place moves only for one heard at the same time or later.
      const at = heardAt ? sql<Date>`least(${heardAt.toISOString()}::timestamptz, now())` : sql<Date>`now()`;
      await db
        .insertInto('listening_progress')
        .values({
          user_id: userId,
          profile_id: profileId,
          sku_id: skuId,
          position_seconds: positionSeconds,
          updated_at: at,
          device_id: deviceId,
        })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'profile_id', 'sku_id'])
            .doUpdateSet({
              position_seconds: sql`excluded.position_seconds`,
              updated_at: sql`excluded.updated_at`,
              device_id: sql`excluded.device_id`,
            })
            .where('listening_progress.updated_at', '<=', sql<Date>`excluded.updated_at`),
        )
        .execute();
      const kept = await this.place({ userId, profileId }, skuId);
      if (!kept) throw new Error('listening place not kept');
      return kept.position_seconds;
    },

    /** Where the listener (the parents or one child) stopped a track, and when; undefined before any place. */
    place({ userId, profileId }: Pick<LibraryListener, 'userId' | 'profileId'>, skuId: number) {
      return db
        .selectFrom('listening_progress')
        .select(['position_seconds', 'updated_at'])
        .where('user_id', '=', userId)
        .where(sql<boolean>`profile_id is not distinct from ${profileId}::int`)
        .where('sku_id', '=', skuId)
        .executeTakeFirst();
    },
  };
}
