import { type CmsEntry, type SearchHit, SearchQuery } from '@storyhouse/contracts';
import type { MessageKey } from '@storyhouse/i18n';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CmsHtml } from '../../components/cms/cms-html';
import { useI18n } from '../../lib/i18n';
import { useErrorMessage } from '../../ui/use-error-message';
import { useSiteSearch } from './api/site-search';
import { PlayFromHere } from './play-from-here';
import '../../ui/form/form.css';
import './search.css';

const kindLabel: Record<SearchHit['kind'], MessageKey> = {
  page: 'search.kindPage',
  product: 'search.kindProduct',
  track: 'search.kindTrack',
  transcript: 'search.kindTranscript',
};

/** The search state the URL carries (?q=&page=), read with the API's own rules (trimmed, page ≥ 1). */
function useSearchState() {
  const [params, setParams] = useSearchParams();
  const parsed = SearchQuery.pick({ q: true, page: true }).safeParse({
    q: params.get('q') ?? undefined,
    page: params.get('page') ?? undefined,
  });
  const { q, page } = parsed.success ? parsed.data : { q: '', page: 1 };
  /** Another page, or a new search (back to page 1); other params (test_spanish_site) stay. */
  const go = (next: { q?: string; page?: number }) => {
    const out = new URLSearchParams(params);
    if (next.q !== undefined) out.set('q', next.q);
    if (next.page && next.page > 1) out.set('page', String(next.page));
    else out.delete('page');
    return out;
  };
  return { q, page, go, setParams };
}

/**
 * Issue 4 site search (replaces the spec §2 hosted search widget): the
 * page's intro, a search form whose words go into ?q=, and the ranked
 * results of the site language with kind, title link, highlighted snippet
 * and previous/next paging (spec §9 paging rule), also in the URL.
 */
export default function SearchLayout({ entry }: { entry: CmsEntry }) {
  const { t, lang } = useI18n();
  const inputId = useId();
  const { q, page, go, setParams } = useSearchState();
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setParams(go({ q: draft.trim(), page: 1 }));
  };

  return (
    <div className="search-layout">
      {entry.intro ? <CmsHtml html={entry.intro} className="search-intro" /> : null}
      <search>
        <form className="search-form" onSubmit={onSubmit}>
          <div className="field">
            <label htmlFor={inputId}>{t('search.label')}</label>
            <div className="field__row">
              <input
                id={inputId}
                type="search"
                name="q"
                value={draft}
                maxLength={200}
                autoComplete="off"
                onChange={(e) => setDraft(e.target.value)}
              />
              <button type="submit" className="button">
                {t('search.submit')}
              </button>
            </div>
          </div>
        </form>
      </search>
      {q ? <SearchResults q={q} page={page} lang={lang} pageLink={(p) => `?${go({ page: p })}`} /> : null}
    </div>
  );
}

function SearchResults({
  q,
  page,
  lang,
  pageLink,
}: {
  q: string;
  page: number;
  lang: ReturnType<typeof useI18n>['lang'];
  pageLink: (page: number) => string;
}) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const { data, error, isPending, isPlaceholderData, refetch } = useSiteSearch({ lang, q, page });

  if (isPending) {
    return (
      <p className="search-status" role="status">
        {t('search.searching')}
      </p>
    );
  }
  if (error) {
    return (
      <div className="search-status" role="alert">
        <p>{errorMessage(error, 'search.failed')}</p>
        <button type="button" className="button button--secondary" onClick={() => void refetch()}>
          {t('search.retry')}
        </button>
      </div>
    );
  }
  if (data.count === 0 || data.items.length === 0) {
    return (
      <p className="search-status" role="status">
        {t('errors.search_no_results')}
      </p>
    );
  }
  const pages = Math.max(1, Math.ceil(data.count / data.per_page));
  const hasPrevious = data.page > 1;
  const hasNext = data.per_page * data.page < data.count;
  return (
    <section className="search-results" aria-busy={isPlaceholderData || undefined}>
      <p className="search-status" role="status">
        {t('search.results', { count: data.count, q: data.q })}
      </p>
      <ol className="search-results__list" start={(data.page - 1) * data.per_page + 1}>
        {data.items.map((hit) => (
          <li key={`${hit.kind}-${hit.url}-${hit.title}`} className={`search-hit search-hit--${hit.kind}`}>
            <span className="search-hit__kind">{t(kindLabel[hit.kind])}</span>
            <h2 className="search-hit__title">
              <Link to={hit.url} className="tap-link">
                {hit.title}
              </Link>
            </h2>
            {hit.album_title ? <p className="search-hit__album">{t('search.fromAlbum', { album: hit.album_title })}</p> : null}
            {hit.snippet ? (
              <p
                className="search-hit__snippet"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: the server escapes every character of a snippet and adds only <mark> (server/src/modules/search/search.service.ts safeSnippet).
                dangerouslySetInnerHTML={{ __html: hit.snippet }}
              />
            ) : null}
            {hit.kind === 'transcript' && hit.sku_id !== null && hit.start_ms !== null ? (
              <PlayFromHere hit={{ ...hit, sku_id: hit.sku_id, start_ms: hit.start_ms }} />
            ) : null}
          </li>
        ))}
      </ol>
      {hasPrevious || hasNext ? (
        <nav className="search-paging" aria-label={t('search.paging')}>
          {hasPrevious ? <Link to={pageLink(data.page - 1)}>{t('search.previous')}</Link> : <span />}
          <span>{t('search.pageOf', { page: data.page, pages })}</span>
          {hasNext ? <Link to={pageLink(data.page + 1)}>{t('search.next')}</Link> : <span />}
        </nav>
      ) : null}
    </section>
  );
}
