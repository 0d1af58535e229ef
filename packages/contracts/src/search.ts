import { z } from 'zod';
import { SiteQuery } from './common';
import { wholeNumberParam } from './numbers';
import { text } from './text-fields';

/** Spec §9 paging; DESIGN.md site search: 10 results a page. */
export const SEARCH_PER_PAGE = 10;

/**
 * GET /crud/search: the site search (issue 4) over the site language's pages, products and tracks, and the words of
 * the tracks' transcripts (issue 43: a track's best sentence, its title the track's, its url the story page).
 */
export const SearchQuery = SiteQuery.extend({
  /** The words to find; empty finds nothing. The last word also matches as a prefix. */
  q: text().trim().max(200).default(''),
  page: wholeNumberParam(1, 1000).default(1),
});
export type SearchQuery = z.input<typeof SearchQuery>;

/** What a hit is: a page, a product, a track (by its title), or a sentence of a track's transcript (issue 43). */
export const SearchKind = z.enum(['page', 'product', 'track', 'transcript']);
export type SearchKind = z.infer<typeof SearchKind>;

export const SearchHit = z
  .object({
    kind: SearchKind,
    title: z.string().describe('Plain text'),
    /** Site path: the page, or the story page of a product or of a track's album. */
    url: z.string(),
    /** The album of a track (or of a transcript's track); null for pages and products. */
    album_title: z.string().nullable(),
    /** A transcript hit's track, to play from the sentence found (issue 43); null for other kinds. */
    sku_id: z.number().int().nullable(),
    /** Where that sentence starts in the track, in milliseconds; null for other kinds. */
    start_ms: z.number().int().nullable(),
    /**
     * A passage with the matched words. Safe HTML: every character is escaped
     * and the only markup is <mark>…</mark> around matches.
     */
    snippet: z.string(),
  })
  .meta({ id: 'SearchHit' });
export type SearchHit = z.infer<typeof SearchHit>;

export const SearchResponse = z
  .object({
    q: z.string(),
    items: z.array(SearchHit),
    page: z.number().int(),
    per_page: z.number().int(),
    count: z.number().int().describe('All matches, for paging'),
  })
  .meta({ id: 'SearchResults' });
export type SearchResponse = z.infer<typeof SearchResponse>;
