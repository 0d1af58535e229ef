import { type AccountLayout, FREE_STORY_ALBUM, libraryPaths } from '@storyhouse/contracts';
import { useEffect } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import type { ProductListParams } from '../../components/catalogue/api/catalogue-keys';
import {
  LanguageFilter,
  LayoutToggle,
  ListResults,
  SearchBox,
  useListLayout,
  useListParams,
} from '../../components/catalogue/list-controls';
import { sendQueuedPlaces } from '../../components/player/progress-queue';
import { ApiError } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import { useOnline } from '../../lib/use-online';
import { Loading } from '../../ui/query-status';
import { RouteLink } from '../../ui/route-link';
import { showToast } from '../../ui/toast-store';
import { useDocumentTitle } from '../../ui/use-document-title';
import { AlbumCard } from './album-card';
import { useLibrary } from './api/get-library';
import { ContinueListening } from './continue-listening';
import { FavouritesShelf } from './favourites/favourites-shelf';
import { FreeStoryCard, useFreeStoryReady } from './free-story-card';
import { useKeepingAccount } from './keep/keep-on-device';
import { useKeepState } from './keep/keep-state';
import { KeptLibrary } from './keep/kept-library';
import { MatchingTracks } from './track-matches';
import '../../components/catalogue/catalogue.css';
import './library.css';

/** Spec §2 and §4 Layout: the search follows the typing after 300 ms. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Spec §2 My Library (/library, signed in): search, language filter and the
 * saved List/Grid layout, all in the address (search, lang_code, page; a new
 * search goes back to page 1); Continue listening; the free story of the
 * week; the albums the family owns with their tracks and downloads, then,
 * with an active plan, every other album of the shop, "Included in your
 * plan" (issue 28 item 4). Offline, the albums kept on this device; online,
 * those are checked against the library and the places heard offline sent
 * (issue 32 item 3).
 */
export default function LibraryPage() {
  const { t } = useI18n();
  useDocumentTitle(t('library.title'));
  const online = useOnline();
  useKeepState(useKeepingAccount(), { check: true });
  useEffect(() => {
    if (online) void sendQueuedPlaces();
  }, [online]);
  // Every language by default, not the site's as spec §9 says (decision 042): a family's stories in any language are theirs.
  const [params, change] = useListParams('all');
  const [layout, setLayout] = useListLayout();
  return (
    <article className="page library">
      <h1>{t('library.title')}</h1>
      <div className="list-toolbar">
        <SearchBox
          search={params.search}
          onSearch={(search, typing) => change({ search }, { replace: typing })}
          label={t('library.searchLabel')}
          placeholder={t('library.searchPlaceholder')}
          debounceMs={SEARCH_DEBOUNCE_MS}
        />
        <LanguageFilter value={params.lang} onChange={(lang) => change({ lang })} />
        <LayoutToggle value={layout} onChange={setLayout} />
      </div>
      <p className="library__storage">
        <RouteLink to="libraryStorage" className="tap-link">
          {t('library.storage.link')}
        </RouteLink>
      </p>
      {online ? <Library params={params} layout={layout} /> : <KeptLibrary />}
    </article>
  );
}

/** Spec §8 Library load failure: logged, and the family is taken home (told why, so the move is not a mystery). */
function LoadFailed({ error }: { error: unknown }) {
  const { t } = useI18n();
  useEffect(() => {
    console.error('My Library could not be loaded', error);
    showToast({ message: t('library.loadFailed') });
  }, [error, t]);
  return <Navigate to="/" replace />;
}

function Library({ params, layout }: { params: ProductListParams; layout: AccountLayout }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const { data, error, isPending, isPlaceholderData } = useLibrary(params);
  const searching = params.search !== '';
  const showsFreeStory = !searching && params.page === 1;
  // The free story comes with the page: it never arrives later and pushes the albums down (issue 27 item 5).
  const freeStoryReady = useFreeStoryReady(showsFreeStory);
  // A session that ended is the API client's to handle: it is already on its way to login and back.
  if (isPending || !freeStoryReady || (error instanceof ApiError && error.status === 401)) return <Loading />;
  // The network went away (the browser may not have noticed yet): what this device keeps.
  if (error instanceof ApiError && error.code === 'network') return <KeptLibrary />;
  if (error) return <LoadFailed error={error} />;

  const filtered = searching || params.lang !== 'all';
  if (data.total === 0 && !filtered && data.tracks.length === 0) return <EmptyLibrary />;

  const nothing = data.items.length === 0 && data.tracks.length === 0;
  return (
    <div className="library__results" aria-busy={isPlaceholderData}>
      {!searching && <ContinueListening tracks={data.continue_listening} />}
      {!searching && <FavouritesShelf />}
      {showsFreeStory && <FreeStoryCard />}
      <section className="library-section" aria-labelledby="library-albums">
        <ListResults
          heading={searching ? t('shop.resultsFor', { search: params.search }) : t('library.albums')}
          headingId="library-albums"
          status={
            nothing
              ? searching
                ? t('errors.search_no_results')
                : data.page > 1
                  ? t('shop.pageEmpty')
                  : t('library.noAlbumsInLanguage')
              : data.included_total > 0
                ? t('library.countWithPlan', { count: data.total, included: data.included_total })
                : t('library.count', { count: data.total })
          }
          items={data.items.map((album) => <AlbumCard key={album.id} album={album} layout={layout} />)}
          listClassName={`library-list library-list--${layout}`}
          listLabel={t('library.albums')}
          paging={{
            params,
            defaultLang: 'all',
            page: data.page,
            perPage: data.per_page,
            count: data.total,
            label: t('library.paging'),
          }}
        >
          {nothing && data.page > 1 && (
            <p>
              <Link to={pathname}>{t('library.firstPage')}</Link>
            </p>
          )}
          {data.included_total > 0 && <p className="library__plan-note">{t('library.planNote')}</p>}
          {searching && <MatchingTracks tracks={data.tracks} />}
        </ListResults>
      </section>
    </div>
  );
}

/** An empty library invites the family to the shop and to this week's free story. */
function EmptyLibrary() {
  const { t } = useI18n();
  return (
    <>
      <div className="library__empty card card--tinted">
        <h2>{t('library.empty.title')}</h2>
        <p>{t('library.empty.text')}</p>
        <p className="library__empty-links">
          <RouteLink to="shop" className="button">
            {t('library.empty.shop')}
          </RouteLink>
          <Link to={libraryPaths.album(FREE_STORY_ALBUM)} className="button button--secondary">
            {t('library.empty.freeStory')}
          </Link>
        </p>
      </div>
      <FreeStoryCard />
    </>
  );
}
