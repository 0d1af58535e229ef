import { type LangCode, langCodes } from '@storyhouse/contracts';
import { type RawBuilder, sql } from 'kysely';

/** The last word of a search term when the term ends in it: searched as a prefix too ("Noa" finds "Noah"). */
const TRAILING_WORD = /[\p{L}\p{N}]+$/u;

/** The shortest stem of that last word that is also searched as a prefix. */
const MIN_PREFIX_STEM = 3;

/**
 * The search term as one text-search query per language (DESIGN.md site
 * search; the shop's search and the site search share it): each language's
 * dictionary, accents folded the way the stored vectors were (fold_accents,
 * migration 0002), plus the last word as a prefix so results appear while a
 * word is still being typed. Used as a CTE `q(lang, query)`; rows are joined
 * to it on their own lang_code, so several languages match each row with its
 * own language's rules.
 *
 * A SQL fragment for repositories (catalogue, search) to build on, kept with
 * the schema: it calls the functions migration 0002 defines, and only
 * repositories may use it (SQL only in repositories and db/).
 */
export function searchQueries(term: string, langs: readonly LangCode[] | null): RawBuilder<unknown> {
  const values = sql.join((langs ?? langCodes).map((l) => sql`(${l})`));
  const full = sql`websearch_to_tsquery(search_config(l.lang), fold_accents(${term}))`;
  const last = TRAILING_WORD.exec(term)?.[0];
  // A prefix shorter than MIN_PREFIX_STEM letters after stemming matches far too much: Russian "ной" (Noah)
  // stems to "но" and would find every "новый" (new); such a word is searched as a whole word only.
  const query = last
    ? sql`case when length(coalesce((tsvector_to_array(to_tsvector(search_config(l.lang), fold_accents(${last}))))[1], ''))
          >= ${sql.lit(MIN_PREFIX_STEM)}
        then ${full} || (websearch_to_tsquery(search_config(l.lang), fold_accents(${term.slice(0, -last.length)}))
          && to_tsquery(search_config(l.lang), quote_literal(fold_accents(${last})) || ':*'))
        else ${full} end`
    : full;
  return sql`q as materialized (select l.lang, ${query} as query from (values ${values}) as l(lang))`;
}
