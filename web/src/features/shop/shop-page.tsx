import { type AccountLayout, type LangCode, langCodes, type TrackMatch } from '@storyhouse/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ProductListParams } from '../../components/catalogue/api/catalogue-keys';
import { PlayButton } from '../../components/catalogue/play-button';
import { PriceTag } from '../../components/catalogue/price-tag';
import { ProductCard } from '../../components/catalogue/product-card';
import { formatDuration, playsInFull, queueTrack } from '../../components/catalogue/track-format';
import { PagingLinks } from '../../components/paging/paging-links';
import { useLayoutPreference } from '../../components/session/use-layout-preference';
import { useI18n } from '../../lib/i18n';
import { LoadError, Loading } from '../../ui/query-status';
import { RouteLink } from '../../ui/route-link';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useProducts } from './api/get-products';
import '../../components/catalogue/catalogue.css';
import './shop.css';

const layoutKey = 'storyhouse.shop.layout';

/** Spec §9: default layout List; saved on the account when signed in, remembered on this device for a guest. */
const useLayout = () => useLayoutPreference(layoutKey);

const isLangFilter = (v: string | null): v is LangCode | 'all' => v === 'all' || langCodes.some((l) => l === v);

/**
 * The shop's state lives in the address (spec §2 Store product list: page,
 * search, lang_code), so back and forward move through it and a shared
 * link shows the same page. The site language is the default filter and
 * is left out of the address.
 */
function useListParams(): [ProductListParams, (change: Partial<ProductListParams>) => void] {
  const { lang: siteLang } = useI18n();
  const [params, setParams] = useSearchParams();
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const langParam = params.get('lang_code');
  const current: ProductListParams = {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    search: (params.get('search') ?? '').trim(),
    lang: isLangFilter(langParam) ? langParam : siteLang,
  };
  const change = (c: Partial<ProductListParams>) => setParams(toSearchParams({ ...current, page: 1, ...c }, siteLang));
  return [current, change];
}

function toSearchParams({ page, search, lang }: ProductListParams, siteLang: LangCode) {
  const next = new URLSearchParams();
  if (search) next.set('search', search);
  if (lang !== siteLang) next.set('lang_code', lang);
  if (page > 1) next.set('page', String(page));
  return next;
}

/**
 * Spec §2 Store product list: the highlight cards, search, language filter,
 * layout toggle, results and paging. The /shop page, and the body of any CMS
 * page with the store-product-list layout.
 */
export function ShopCatalogue() {
  const { t } = useI18n();
  const [params, change] = useListParams();
  const [layout, setLayout] = useLayout();
  return (
    <>
      <Highlights />
      <div className="shop__toolbar">
        <SearchForm search={params.search} onSearch={(search) => change({ search })} />
        <LanguageFilter value={params.lang} onChange={(lang) => change({ lang })} />
        <fieldset className="layout-toggle">
          <legend className="visually-hidden">{t('shop.layout')}</legend>
          {(['list', 'grid'] as const).map((l) => (
            <button
              key={l}
              type="button"
              className="layout-toggle__button"
              aria-pressed={layout === l}
              onClick={() => setLayout(l)}
            >
              <span aria-hidden="true" className={`layout-toggle__icon layout-toggle__icon--${l}`} />
              {t(l === 'list' ? 'shop.list' : 'shop.grid')}
            </button>
          ))}
        </fieldset>
      </div>
      <Results params={params} layout={layout} />
    </>
  );
}

export default function ShopPage() {
  const { t } = useI18n();
  useDocumentTitle(t('shop.title'));
  return (
    <article className="page shop">
      <h1>{t('shop.title')}</h1>
      <ShopCatalogue />
    </article>
  );
}

const highlights = [
  { route: 'giftCard', title: 'shop.giftCard.title', text: 'shop.giftCard.text', link: 'shop.giftCard.link' },
  { route: 'subscription', title: 'shop.subscription.title', text: 'shop.subscription.text', link: 'shop.subscription.link' },
] as const;

/**
 * Spec §2: the gift card and subscription cards. Each links to its purchase
 * page once that page is built (RouteLink shows no link before).
 */
function Highlights() {
  const { t } = useI18n();
  return (
    <div className="highlights">
      {highlights.map((h) => (
        <section key={h.route} className={`highlight highlight--${h.route} card`}>
          <h2 className="highlight__title">{t(h.title)}</h2>
          <p>{t(h.text)}</p>
          <RouteLink to={h.route} className="highlight__link">
            {t(h.link)}
          </RouteLink>
        </section>
      ))}
    </div>
  );
}

function SearchForm({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const { t } = useI18n();
  const [value, setValue] = useState(search);
  const input = useRef<HTMLInputElement>(null);
  // Back and forward change the address's term: the box follows it.
  useEffect(() => setValue(search), [search]);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSearch(value.trim());
  };
  const clear = () => {
    onSearch('');
    // The clear button goes away with the term; the search box takes its focus.
    input.current?.focus();
  };
  return (
    <search className="shop-search">
      <form onSubmit={submit}>
        <label htmlFor="shop-search">{t('shop.searchLabel')}</label>
        <div className="shop-search__row">
          <input
            ref={input}
            id="shop-search"
            name="search"
            type="search"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            maxLength={200}
            placeholder={t('shop.searchPlaceholder')}
          />
          <button type="submit" className="button">
            {t('shop.searchSubmit')}
          </button>
          {search && (
            <button type="button" className="button button--quiet" onClick={clear}>
              {t('shop.clearSearch')}
            </button>
          )}
        </div>
      </form>
    </search>
  );
}

function LanguageFilter({ value, onChange }: { value: LangCode | 'all'; onChange: (lang: LangCode | 'all') => void }) {
  const { t } = useI18n();
  return (
    <div className="shop-filter">
      <label htmlFor="shop-lang">{t('shop.language')}</label>
      <select
        id="shop-lang"
        value={value}
        onChange={(e) => {
          if (isLangFilter(e.target.value)) onChange(e.target.value);
        }}
      >
        <option value="all">{t('shop.allLanguages')}</option>
        {langCodes.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(`lang.${l}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

function Results({ params, layout }: { params: ProductListParams; layout: AccountLayout }) {
  const { t, lang } = useI18n();
  const { data, error, isPending, isPlaceholderData, refetch } = useProducts(params);
  if (isPending) return <Loading />;
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />;

  const empty = data.items.length === 0 && data.tracks.length === 0;
  // A shared link may name a page past the end of a list that has shrunk.
  const emptyText = params.search
    ? t('shop.searchNoResults', { search: params.search })
    : data.page > 1
      ? t('shop.pageEmpty')
      : t('shop.noProducts');
  return (
    <div className="shop__results" aria-busy={isPlaceholderData}>
      <h2 className="shop__results-title">
        {params.search ? t('shop.resultsFor', { search: params.search }) : t('shop.products')}
      </h2>
      <p className="shop__count" role="status">
        {empty ? emptyText : t('shop.count', { count: data.count })}
      </p>
      {data.tracks.length > 0 && <TrackMatches tracks={data.tracks} />}
      {data.items.length > 0 && (
        <ul className={`product-list product-list--${layout}`} aria-label={t('shop.products')}>
          {data.items.map((p) => (
            <ProductCard key={p.id} product={p} layout={layout} />
          ))}
        </ul>
      )}
      <PagingLinks
        page={data.page}
        perPage={data.per_page}
        count={data.count}
        label={t('shop.paging')}
        href={(p) => `?${toSearchParams({ ...params, page: p }, lang)}`}
      />
    </div>
  );
}

/** Spec §2: the tracks matching the search, each with its preview and a way to its story. */
function TrackMatches({ tracks }: { tracks: TrackMatch[] }) {
  const { t } = useI18n();
  const headingId = useId();
  return (
    <section className="track-matches" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('shop.matchingTracks')}</h3>
      <ul className="track-list track-list--matches">
        {tracks.map((track) => (
          <li key={track.sku_id} className="track">
            <PlayButton track={queueTrack(track, `story:${track.product_slug}`)} preview={!playsInFull(track)} />
            <span className="track__title">
              <span className="track__name">{track.title}</span>
              <Link className="track__album" to={`/story/${encodeURIComponent(track.product_slug)}`}>
                {track.product_title}
              </Link>
            </span>
            <span className="track__duration">{formatDuration(track.length_seconds)}</span>
            <span className="track__price">
              <PriceTag full={track.full_price_usd} price={track.price_usd} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
