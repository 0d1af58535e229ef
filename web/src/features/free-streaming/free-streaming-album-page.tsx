import { Link, useParams } from 'react-router';
import { AlbumHeader } from '../../components/catalogue/album-header';
import { PlayAlbumButton } from '../../components/catalogue/play-button';
import { TrackList } from '../../components/catalogue/track-list';
import { useQueueTrack } from '../../components/catalogue/use-queue-track';
import { useI18n } from '../../lib/i18n';
import { BackLink } from '../../ui/back-link';
import { isItemNotFound, LoadError, Loading } from '../../ui/query-status';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useFreeStreamingAlbum } from './api/get-free-streaming';
import '../../components/catalogue/catalogue.css';

const freeStreamingPath = '/free-streaming';

/**
 * Spec §2 Album details for free streaming: heading Free, back link, the
 * album's tracks playing in full; item_not_found when it cannot load.
 */
export default function FreeStreamingAlbumPage() {
  const { id = '' } = useParams();
  const { t } = useI18n();
  const queueTrack = useQueueTrack();
  const albumId = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : 0;
  const { data: album, error, isPending, refetch } = useFreeStreamingAlbum(albumId);
  const notFound = albumId === 0 || isItemNotFound(error);
  useDocumentTitle(album?.title ?? (notFound ? t('errors.item_not_found') : undefined));

  if (notFound) {
    return (
      <article className="page page--narrow">
        <h1>{t('freeStreaming.albumHeading')}</h1>
        <p>{t('errors.item_not_found')}</p>
        <p>
          <Link to={freeStreamingPath}>{t('freeStreaming.title')}</Link>
        </p>
      </article>
    );
  }
  if (isPending) return <Loading />;
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />;

  const albumKey = `free-streaming:${album.id}`;
  const context = { album: album.title, artwork: album.primary_image };
  return (
    <article className="page story">
      <BackLink fallback={freeStreamingPath}>{t('freeStreaming.back')}</BackLink>
      <h1>{t('freeStreaming.albumHeading')}</h1>
      <AlbumHeader product={album} Heading="h2">
        <p>
          <Link to={album.url} className="tap-link">
            {t('freeStreaming.viewInShop')}
          </Link>
        </p>
      </AlbumHeader>
      <section className="story__section" aria-labelledby="album-tracks">
        <div className="story__tracks-head">
          <h3 id="album-tracks">{t('catalogue.tracks')}</h3>
          <PlayAlbumButton
            albumKey={albumKey}
            tracks={album.tracks.map((tr) => queueTrack(tr, albumKey, context))}
            previews={!album.tracks.every((tr) => tr.plays_in_full)}
          />
        </div>
        <TrackList tracks={album.tracks} albumKey={albumKey} context={context} />
      </section>
    </article>
  );
}
