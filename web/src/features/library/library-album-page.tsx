import { FREE_STORY_ALBUM, LISTEN_PARAM, type LibraryAlbum, routePath } from '@storyhouse/contracts';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { AlbumHeader } from '../../components/catalogue/album-header';
import { PlayAlbumButton } from '../../components/catalogue/play-button';
import { QueueButtons } from '../../components/catalogue/queue-buttons';
import { fullTrackId } from '../../components/catalogue/track-format';
import { useQueueTrack } from '../../components/catalogue/use-queue-track';
import { type QueueTrack, usePlayer } from '../../components/player/player';
import { WithReadAlong } from '../../components/read-along/read-along';
import { ApiError } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import { useOnline } from '../../lib/use-online';
import { BackLink } from '../../ui/back-link';
import { isItemNotFound, LoadError, Loading } from '../../ui/query-status';
import { useDocumentTitle } from '../../ui/use-document-title';
import { ownedNotes } from './album-card';
import { useLibraryAlbum } from './api/get-library-album';
import { DownloadLink } from './download-link';
import { FavouriteButton } from './favourites/favourite-button';
import { KeepOnDevice } from './keep/keep-on-device';
import { useKeptAlbum } from './keep/kept-library';
import { LibraryTracks, playableTracks } from './library-tracks';
import '../../components/catalogue/catalogue.css';
import './library.css';

const libraryPath = routePath('library', 'en') ?? '/library';

/** The album an address names: a number, or the free story of the week (spec §2); null for anything else. */
function albumIdOf(id: string): number | typeof FREE_STORY_ALBUM | null {
  if (id === FREE_STORY_ALBUM) return FREE_STORY_ALBUM;
  return /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
}

/**
 * Spec §2 Album details (/library/album/{id}, signed in): heading Free for a
 * free-streaming album, else My Library (the free story of the week: its title, with a Free this week badge); a back link; the
 * album's tracks by spec §6 (in full when the server says so, else the
 * preview), owned ones with their download; the album's ZIP; play album.
 * An album the family does not own is item_not_found. Offline, an album
 * kept on this device opens from its copy, its tracks played from there.
 */
export default function LibraryAlbumPage() {
  const { id = '' } = useParams();
  const { t } = useI18n();
  const albumId = albumIdOf(id);
  const { data: album, error, isPending, refetch } = useLibraryAlbum(albumId ?? 0, albumId !== null);
  const notFound = albumId === null || isItemNotFound(error);
  const online = useOnline();
  const kept = useKeptAlbum(typeof albumId === 'number' ? albumId : null);
  useDocumentTitle(album?.productTitle ?? (notFound ? t('errors.item_not_found') : undefined));

  if (notFound) {
    return (
      <article className="page page--narrow">
        <BackLink fallback={libraryPath}>{t('library.back')}</BackLink>
        <h1>{albumId === FREE_STORY_ALBUM ? t('library.freeHeading') : t('library.title')}</h1>
        <p>{t('errors.item_not_found')}</p>
      </article>
    );
  }
  // Offline (or the network gone quiet), an album kept on this device opens from what the device keeps.
  if (kept && (!online || (error instanceof ApiError && error.code === 'network'))) return <Album album={kept} />;
  if (isPending) return <Loading />;
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
  return <Album album={album} />;
}

function Album({ album }: { album: LibraryAlbum }) {
  const i18n = useI18n();
  const { t } = i18n;
  const queueTrack = useQueueTrack();
  const albumKey = `library:${album.is_free_story ? FREE_STORY_ALBUM : album.product_id}`;
  const context = { album: album.productTitle, artwork: album.image };
  const queue = playableTracks(album.tracks).map((track) => queueTrack(track, albumKey, context));
  useListenOnArrival(queue);
  return (
    <article className="page story library-album">
      <BackLink fallback={libraryPath}>{t('library.back')}</BackLink>
      {/* The free story of the week is its own title, "Free this week" a badge under it (said once); a free-streaming
          album is under the heading Free, any other under My Library (spec §2 Album details). */}
      {album.is_free_story ? null : <h1>{album.is_free_streaming ? t('library.freeHeading') : t('library.title')}</h1>}
      <AlbumHeader
        product={{
          title: album.productTitle,
          description: album.productDescription,
          primary_image: album.image,
          lang_code: album.lang_code,
        }}
        Heading={album.is_free_story ? 'h1' : 'h2'}
      >
        {album.is_free_story && (
          <p className="library-album__badge">
            <span className="badge badge--free-week">{t('library.freeThisWeek')}</span>
          </p>
        )}
        {ownedNotes(album, i18n).map((note) => (
          <p key={note}>{note}</p>
        ))}
        <p className="library-card__links">
          {album.zip_url && (
            <DownloadLink href={album.zip_url} kind="zip" label={t('library.downloadZipLabel', { title: album.productTitle })} />
          )}
          <Link to={album.shop_url} className="tap-link">
            {t('library.viewInShop')}
          </Link>
          {!album.is_free_story && (
            <FavouriteButton album={{ id: album.product_id, title: album.productTitle, image: album.image }} />
          )}
        </p>
        <KeepOnDevice album={album} />
      </AlbumHeader>
      <WithReadAlong albumKey={albumKey}>
        <section className="story__section" aria-labelledby="library-album-tracks">
          <div className="story__tracks-head">
            <h3 id="library-album-tracks">{t('catalogue.tracks')}</h3>
            <PlayAlbumButton albumKey={albumKey} tracks={queue} previews={false} />
            <QueueButtons tracks={queue} name={album.productTitle} album />
          </div>
          <LibraryTracks tracks={album.tracks} albumKey={albumKey} album={album.productTitle} artwork={album.image} />
        </section>
      </WithReadAlong>
    </article>
  );
}

/**
 * "Listen now" after paying (decision 071): an address with `?play=first`
 * (or `?play={skuId}`, a track bought alone) starts the album's player there
 * from the beginning, once; the parameter then leaves the address, so a
 * reload or Back does not start it again.
 */
function useListenOnArrival(queue: readonly QueueTrack[]) {
  const [params, setParams] = useSearchParams();
  const player = usePlayer();
  const listen = params.get(LISTEN_PARAM);
  const started = useRef(false);
  useEffect(() => {
    if (listen === null || started.current) return;
    started.current = true;
    const start = listen === 'first' ? queue[0] : (queue.find((t) => t.id === fullTrackId(Number(listen))) ?? queue[0]);
    if (start) player.playFrom(start, queue, 0);
    setParams(
      (next) => {
        next.delete(LISTEN_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [listen, queue, player, setParams]);
}
