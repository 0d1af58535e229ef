import {
  afterSignUpPages,
  cmsSitePath,
  type LangCode,
  SEARCH_PER_PAGE,
  type SearchHit,
  type SearchResponse,
} from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { decodeEntities } from '../../lib/html-text';
import { type AlbumAllowed, FRAGMENT_BREAK, MARK_START, MARK_STOP, type SearchRow, searchRepository } from './search.repository';

/** The same folding as the database's fold_accents (migration 0002): lower case, Latin accents and ё folded. */
const FOLD_FROM = 'áàâäãåéèêëíìîïóòôöõúùûüñçýÿё';
const FOLD_TO = 'aaaaaaeeeeiiiiooooouuuuncyyе';
const FOLDABLE = new RegExp(`[${FOLD_FROM}]`, 'g');
const FOLD = new Map([...FOLD_FROM].map((c, i) => [c, FOLD_TO[i] as string]));
export function foldAccents(text: string): string {
  return text.toLowerCase().replace(FOLDABLE, (c) => FOLD.get(c) ?? c);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

/**
 * The snippet of a result as safe HTML (issue 4: highlighted snippets). The
 * database highlights matches in the accent-folded text (the only text its
 * folded query matches), which is lower-case and accent-less; fold_accents
 * keeps every character in place, so each fragment is found in the folded
 * document and its characters are taken from the original at the same
 * positions ("Jonás", not "jonas"). Everything is escaped; the only markup is
 * <mark> where the markers were. If the texts ever do not line up, the
 * folded fragment is shown, still escaped.
 */
export function safeSnippet(doc: string, headline: string, { html }: { html: boolean }): string {
  const folded = foldAccents(doc);
  const aligned = folded.length === doc.length;
  const fragments = headline.split(FRAGMENT_BREAK).map((fragment) => {
    const plain = fragment.replaceAll(MARK_START, '').replaceAll(MARK_STOP, '');
    const at = aligned ? folded.indexOf(plain) : -1;
    const pieces: { text: string; marked: boolean }[] = [];
    let text = '';
    let marked = false;
    let pos = 0;
    const flush = () => {
      if (text) pieces.push({ text, marked });
      text = '';
    };
    for (const unit of fragment.split('')) {
      if (unit === MARK_START || unit === MARK_STOP) {
        flush();
        marked = unit === MARK_START;
        continue;
      }
      text += at >= 0 ? doc[at + pos] : unit;
      pos += 1;
    }
    flush();
    return pieces
      .map((p) => {
        const shown = escapeHtml((html ? decodeEntities(p.text) : p.text).replace(/\s+/g, ' '));
        return p.marked ? `<mark>${shown}</mark>` : shown;
      })
      .join('')
      .trim();
  });
  return fragments.filter(Boolean).join(' … ');
}

function hitOf(row: SearchRow): SearchHit {
  const url = row.kind === 'page' ? cmsSitePath(row.url ?? '/index') : `/story/${row.slug}`;
  return {
    kind: row.kind,
    title: row.title,
    url,
    album_title: row.kind === 'track' || row.kind === 'transcript' ? row.album_title : null,
    sku_id: row.kind === 'transcript' ? row.sku_id : null,
    start_ms: row.kind === 'transcript' ? row.start_ms : null,
    snippet: safeSnippet(row.doc, row.headline, { html: row.kind === 'page' }),
  };
}

/** Issue 4 site search: the site language's published pages, products and tracks, ranked, 10 a page. */
export function searchService(db: Db) {
  const repo = searchRepository(db);
  return {
    /** `albumAllowed`: a child profile's albums only (issue 42); everything for the parents and visitors. */
    async search(lang: LangCode, q: string, page: number, albumAllowed?: AlbumAllowed): Promise<SearchResponse> {
      const base = { q, page, per_page: SEARCH_PER_PAGE };
      if (!q) return { ...base, items: [], count: 0 };
      // Pages reached only by signing up (the lessons) are not for finding.
      const window = { limit: SEARCH_PER_PAGE, offset: (page - 1) * SEARCH_PER_PAGE };
      const { rows, count } = await repo.search(lang, q, window, afterSignUpPages, albumAllowed);
      return { ...base, items: rows.map(hitOf), count };
    },
  };
}
