import type { LangCode, SearchKind } from '@storyhouse/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import { searchQueries } from '../../db/text-search';

/**
 * Markers ts_headline puts around matches and between fragments: control
 * characters no stored text contains (they are removed from it first), so
 * the service can escape everything else and turn only these into markup.
 */
export const MARK_START = '\u0001';
export const MARK_STOP = '\u0002';
export const FRAGMENT_BREAK = '\u0003';
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_STOP}, FragmentDelimiter=${FRAGMENT_BREAK}, MaxFragments=2, MaxWords=24, MinWords=10, ShortWord=2`;

export interface SearchRow {
  kind: SearchKind;
  title: string;
  /** Page path, or the story slug of a product or of a track's album. */
  url: string | null;
  slug: string | null;
  album_title: string | null;
  /** A transcript hit's track and where its sentence starts; null for other kinds. */
  sku_id: number | null;
  start_ms: number | null;
  /** The text the snippet comes from, markers removed (HTML-derived for pages: tags stripped, entities kept). */
  doc: string;
  /** ts_headline of the accent-folded doc: same characters as doc, lower-case, folded, with the markers. */
  headline: string;
  total: number;
}

/** Which albums a search may name (a child profile's, issue 42), as SQL on a product id column. */
export type AlbumAllowed = (product: RawBuilder<unknown>) => RawBuilder<boolean>;

export function searchRepository(db: Db) {
  return {
    search: searchPage,
  };

  /**
   * One ranked page of the site language's published pages (but the
   * `unlisted` paths), available
   * products and their visible tracks matching `term`, and the number of
   * all matches. Title matches come first (a track's vector is its title),
   * then by ts_rank (title A, description B, body C), pages before
   * products before tracks on a tie. Snippets are only computed for the
   * rows of the page.
   */
  async function searchPage(
    lang: LangCode,
    term: string,
    page: { limit: number; offset: number },
    unlisted: readonly string[] = [],
    albumAllowed: AlbumAllowed = () => sql<boolean>`true`,
  ): Promise<{ rows: SearchRow[]; count: number }> {
    const { rows } = await sql<SearchRow>`
        with ${searchQueries(term, [lang])},
        hits as (
          select 'page' as kind, e.id, case when ts_filter(e.search_vector, '{a}') @@ q.query then 0 else 1 end as tier,
            ts_rank(e.search_vector, q.query) as rank, 0 as kind_order, null::int as position
          from cms_entries e join q on q.lang = e.lang_code
          where e.status = 'published' and e.search_vector @@ q.query
            and e.url not in (${sql.join(unlisted.length > 0 ? unlisted : [''])})
          union all
          select 'product', p.id, case when ts_filter(p.search_vector, '{a}') @@ q.query then 0 else 1 end,
            ts_rank(p.search_vector, q.query), 1, null
          from products p join q on q.lang = p.lang_code
          where p.is_available and p.search_vector @@ q.query and ${albumAllowed(sql`p.id`)}
          union all
          select 'track', t.id, 0, ts_rank(t.search_vector, q.query), 2, null
          from skus t join q on q.lang = t.lang_code join products p on p.id = t.product_id and p.lang_code = q.lang
          where t.type = 'digital_track' and not t.is_hidden and p.is_available and t.search_vector @@ q.query
            and ${albumAllowed(sql`p.id`)}
          union all
          -- A track's words (issue 43): its best sentence, one hit per track, so a word a story says often does not
          -- fill the page with one story.
          select 'transcript', s.sku_id, 1, s.rank, 3, s.position
          from (
            select distinct on (c.sku_id) c.sku_id, c.position, ts_rank(c.search_vector, q.query) as rank
            from transcript_cues c join q on q.lang = c.lang_code
              join skus t on t.id = c.sku_id join products p on p.id = t.product_id and p.lang_code = q.lang
            where t.type = 'digital_track' and not t.is_hidden and p.is_available and c.search_vector @@ q.query
              and ${albumAllowed(sql`p.id`)}
            order by c.sku_id, rank desc, c.position
          ) s
        ),
        ranked as (
          select kind, id, tier, rank, kind_order, position, count(*) over ()::int as total
          from hits
          order by tier, rank desc, kind_order, id
          limit ${page.limit} offset ${page.offset}
        ),
        docs as (
          select r.*, coalesce(e.title, p.title, t.title) as title, e.url, coalesce(p.slug, tp.slug) as slug,
            tp.title as album_title,
            case when r.kind = 'transcript' then r.id end as sku_id, c.start_ms,
            regexp_replace(
              case r.kind
                when 'page' then concat_ws(' ', e.description,
                  regexp_replace(concat_ws(' ', e.intro, e.main_content, e.sidebar_content), '<[^>]*>', ' ', 'g'))
                when 'product' then p.description
                when 'transcript' then c.text
                else t.title
              end, '[\\x01-\\x03]', '', 'g') as doc
          from ranked r
          left join cms_entries e on r.kind = 'page' and e.id = r.id
          left join products p on r.kind = 'product' and p.id = r.id
          left join skus t on r.kind in ('track', 'transcript') and t.id = r.id
          left join transcript_cues c on r.kind = 'transcript' and c.sku_id = r.id and c.position = r.position
          left join products tp on tp.id = t.product_id
        )
        select d.kind, d.title, d.url, d.slug, d.album_title, d.sku_id, d.start_ms, d.doc, d.total,
          ts_headline(search_config(q.lang), fold_accents(d.doc), q.query, ${HEADLINE_OPTIONS}) as headline
        from docs d cross join q
        order by d.tier, d.rank desc, d.kind_order, d.id`.execute(db);
    if (rows.length > 0 || page.offset === 0) return { rows, count: rows[0]?.total ?? 0 };
    // Past the last page: count apart.
    return { rows: [], count: (await searchPage(lang, term, { limit: 1, offset: 0 }, unlisted)).count };
  }
}
