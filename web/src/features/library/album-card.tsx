import type { AccountLayout, LibraryAlbum } from '@storyhouse/contracts';
import { Link } from 'react-router';
import { PlayAlbumButton } from '../../components/catalogue/play-button';
import { ResponsiveImage } from '../../components/catalogue/responsive-image';
import { useQueueTrack } from '../../components/catalogue/use-queue-track';
import { useI18n } from '../../lib/i18n';
import { useDisclosure } from '../../ui/use-disclosure';
import { AlbumCardHead } from './album-card-head';
import { DownloadLink } from './download-link';
import { FavouriteButton } from './favourites/favourite-button';
import { KeepOnDevice } from './keep/keep-on-device';
import { LibraryTracks, playableTracks } from './library-tracks';
import { MoreButton } from './more-button';

/** A stored day (YYYY-MM-DD) read as that day where the family is, not as UTC midnight. */
export const localDay = (day: string) => `${day}T00:00`;

/**
 * How the family came to own an album, a line each: bought (the day), or a
 * gift and from whom (issue 27 item 11: a claimed gift is not "Bought");
 * the CD bought (the day); included in their plan (issue 28 item 4).
 */
export function ownedNotes(album: LibraryAlbum, { t, formatDate }: Pick<ReturnType<typeof useI18n>, 't' | 'formatDate'>) {
  const notes: string[] = [];
  if (album.gift) notes.push(album.gift.from ? t('library.giftFrom', { name: album.gift.from }) : t('library.gift'));
  else if (album.digital_purchased_date)
    notes.push(t('library.purchased', { date: formatDate(localDay(album.digital_purchased_date)) }));
  if (album.physical_purchased_date)
    notes.push(t('library.cdPurchased', { date: formatDate(localDay(album.physical_purchased_date)) }));
  if (album.included_in_plan) notes.push(t('library.includedInPlan'));
  return notes;
}

/** How wide a card's cover shows (library.css): a 6rem column in a list; a grid has two columns on a phone. */
const coverSizes = { list: '6rem', grid: '(max-width: 30rem) 50vw, 400px' } as const;

/**
 * An album the family owns, or one their plan includes (spec §2 My Library): cover, title, language,
 * when it was bought and how many of its tracks are theirs, Play (the album from its first track) and the heart,
 * a Details link to its library page and its ZIP beside it, and Keep on this device (issue
 * 32 item 3). In the list its owned tracks
 * follow, each with play and download, folded away until opened. On a phone the list is compact (library.css):
 * Details, the ZIP and Keep wait behind a More button (aria-expanded; Escape or a tap elsewhere closes it and the
 * focus goes back to it), so a card is its cover, title, Play and More.
 */
export function AlbumCard({ album, layout }: { album: LibraryAlbum; layout: AccountLayout }) {
  const i18n = useI18n();
  const { t } = i18n;
  const owned = album.tracks.filter((track) => track.owned);
  const queueTrack = useQueueTrack();
  const albumKey = `library:${album.product_id}`;
  const context = { album: album.productTitle, artwork: album.image };
  const queue = playableTracks(album.tracks).map((track) => queueTrack(track, albumKey, context));
  const more = useDisclosure<HTMLDivElement>();
  const title = album.productTitle;
  return (
    <li className={`library-card card card--product library-card--${layout}`}>
      <ResponsiveImage src={album.image} alt="" use="cover" sizes={coverSizes[layout]} className="library-card__image" />
      <div className="library-card__body">
        <AlbumCardHead album={album}>
          {ownedNotes(album, i18n).map((note) => (
            <span key={note}>{note}</span>
          ))}
          {album.numberOwned > 0 && <span>{t('library.owned', { count: album.numberOwned, total: album.tracks.length })}</span>}
        </AlbumCardHead>
        <div className="library-card__actions">
          <PlayAlbumButton
            albumKey={albumKey}
            tracks={queue}
            previews={false}
            label={t('library.play')}
            names={{ play: t('library.playLabel', { title }), pause: t('library.pauseLabel', { title }) }}
          />
          <FavouriteButton album={{ id: album.product_id, title, image: album.image }} />
          <div className="library-card__more" {...more.container}>
            <MoreButton label={t('library.moreLabel', { title })} toggle={more.toggle} />
            <div
              id={more.list.id}
              className={more.open ? 'library-card__panel library-card__panel--open' : 'library-card__panel'}
            >
              <p className="library-card__links">
                <Link to={album.url} className="button button--secondary" aria-label={t('library.detailsLabel', { title })}>
                  {t('library.details')}
                </Link>
                {album.zip_url && (
                  <DownloadLink href={album.zip_url} kind="zip" label={t('library.downloadZipLabel', { title })} />
                )}
              </p>
              <KeepOnDevice album={album} />
            </div>
          </div>
        </div>
      </div>
      {layout === 'list' && owned.length > 0 && (
        <details className="library-card__tracks">
          <summary className="tap-summary">{t('library.ownedTracks', { count: owned.length })}</summary>
          <LibraryTracks
            tracks={owned}
            albumKey={`library:${album.product_id}`}
            album={album.productTitle}
            artwork={album.image}
          />
        </details>
      )}
    </li>
  );
}
