import { z } from 'zod';
import { SiteQuery } from './common';
import { wholeNumberParam } from './numbers';
import { text } from './text-fields';

/** Spec §9 paging; DESIGN.md site search: 10 results a page. */
export const SEARCH_PER_PAGE = 10;

/** GET /crud/search: the site search (issue 4) over the site language's pages, products and tracks. */
export const SearchQuery = SiteQuery.extend({
  /** The words to find; empty finds nothing. The last word also matches as a prefix. */
  q: text().trim().max(200).default(''),
  page: wholeNumberParam(1, 1000).default(1),
});
export type SearchQuery = z.input<typeof SearchQuery>;

export const SearchKind = z.enum(['page', 'product', 'track']);
export type SearchKind = z.infer<typeof SearchKind>;

export const SearchHit = z
  .object({
    kind: SearchKind,
    title: z.string().describe('Plain text'),
    /** Site path: the page, or the story page of a product or of a track's album. */
    url: z.string(),
    /** The album of a track; null for pages and products. */
    album_title: z.string().nullable(),
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
