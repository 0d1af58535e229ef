import { type AccountLayout, AGE_BANDS, type AgeBand, type ProductSort, type TrackMatch } from '@storyhouse/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { ageBandLabel } from '../../components/catalogue/age-and-length';
import type { ProductListParams } from '../../components/catalogue/api/catalogue-keys';
import {
  LanguageFilter,
  LayoutToggle,
  ListResults,
  ListSelect,
  SearchBox,
  useListLayout,
  useListParams,
} from '../../components/catalogue/list-controls';
import { PlayButton } from '../../components/catalogue/play-button';
import { PriceTag } from '../../components/catalogue/price-tag';
import { ProductCard } from '../../components/catalogue/product-card';
import { formatDuration } from '../../components/catalogue/track-format';
import { useQueueTrack } from '../../components/catalogue/use-queue-track';
import { useI18n } from '../../lib/i18n';
import { LoadError, Loading } from '../../ui/query-status';
import { RouteLink } from '../../ui/route-link';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useProducts } from './api/get-products';
import '../../components/catalogue/catalogue.css';
import './shop.css';

/**
 * Spec §2 Store product list: the highlight cards, search, language filter,
 * the age band filter and the order, layout toggle, results and paging. The
 * /shop page, and the body of any CMS page with the store-product-list layout.
 */
export function ShopCatalogue() {
  // The shop's default filter is the site language (spec §9), left out of the address.
  const { t, lang } = useI18n();
  const [params, change] = useListParams(lang, { shop: true });
  const [layout, setLayout] = useListLayout();
  return (
    <>
      <Highlights />
      <div className="list-toolbar">
        <SearchBox
          search={params.search}
          onSearch={(search) => change({ search })}
          label={t('shop.searchLabel')}
          placeholder={t('shop.searchPlaceholder')}
        />
        <LanguageFilter value={params.lang} onChange={(lang) => change({ lang })} />
        <AgeBandFilter value={params.ageBand ?? null} onChange={(ageBand) => change({ ageBand })} />
        <SortSelect value={params.sort ?? null} searching={params.search !== ''} onChange={(sort) => change({ sort })} />
        <LayoutToggle value={layout} onChange={setLayout} />
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

/** Every age, or the albums made for one band. */
function AgeBandFilter({ value, onChange }: { value: AgeBand | null; onChange: (band: AgeBand | null) => void }) {
  const { t } = useI18n();
  const options = [
    { value: '' as const, label: t('shop.allAges') },
    ...AGE_BANDS.map((b) => ({ value: b, label: ageBandLabel(t, b) })),
  ];
  return <ListSelect label={t('shop.ageBand')} value={value ?? ''} options={options} onChange={(v) => onChange(v || null)} />;
}

/**
 * The shop's own order first (newest first; the best match while
 * searching, when newest first is offered as well), then title, shortest
 * first and price either way.
 */
function SortSelect({
  value,
  searching,
  onChange,
}: {
  value: ProductSort | null;
  searching: boolean;
  onChange: (sort: ProductSort | null) => void;
}) {
  const { t } = useI18n();
  const options: { value: ProductSort | ''; label: string }[] = [
    { value: '', label: t(searching ? 'shop.sortBestMatch' : 'shop.sortNewest') },
    ...(searching ? [{ value: 'newest' as const, label: t('shop.sortNewest') }] : []),
    { value: 'title', label: t('shop.sortTitle') },
    { value: 'length', label: t('shop.sortLength') },
    { value: 'price_low', label: t('shop.sortPriceLow') },
    { value: 'price_high', label: t('shop.sortPriceHigh') },
  ];
  // Without a search, newest first is the shop's own order.
  const shown = value === null || (value === 'newest' && !searching) ? '' : value;
  return <ListSelect label={t('shop.sort')} value={shown} options={options} onChange={(v) => onChange(v || null)} />;
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
      : params.ageBand
        ? t('shop.noProductsForAges', { ages: ageBandLabel(t, params.ageBand) })
        : t('shop.noProducts');
  return (
    <div className="shop__results" aria-busy={isPlaceholderData}>
      <ListResults
        heading={params.search ? t('shop.resultsFor', { search: params.search }) : t('shop.products')}
        status={empty ? emptyText : t('shop.count', { count: data.count })}
        items={data.items.map((p) => <ProductCard key={p.id} product={p} layout={layout} />)}
        listClassName={`product-list product-list--${layout}`}
        listLabel={t('shop.products')}
        paging={{
          params,
          defaultLang: lang,
          page: data.page,
          perPage: data.per_page,
          count: data.count,
          label: t('shop.paging'),
        }}
      >
        {data.tracks.length > 0 && <TrackMatches tracks={data.tracks} />}
      </ListResults>
    </div>
  );
}

/** Spec §2: the tracks matching the search, each with its preview and a way to its story. */
function TrackMatches({ tracks }: { tracks: TrackMatch[] }) {
  const { t } = useI18n();
  const queueTrack = useQueueTrack();
  const headingId = useId();
  return (
    <section className="track-matches" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('shop.matchingTracks')}</h3>
      <ul className="track-list track-list--matches">
        {tracks.map((track) => (
          <li key={track.sku_id} className="track">
            <PlayButton
              track={queueTrack(track, `story:${track.product_slug}`, { album: track.product_title })}
              preview={!track.plays_in_full}
            />
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
