import { useId } from 'react';
import { TrackList } from '../../../components/catalogue/track-list';
import { useI18n } from '../../../lib/i18n';
import { AlbumCardHead } from '../album-card-head';
import { KeepOnDevice, useKeepingAccount } from './keep-on-device';
import { useKeepState } from './keep-state';
import { type KeptAlbum, keptTrack } from './keep-store';

/**
 * My Library offline (issue 32 item 3): the albums kept on this device, from
 * the local record (the API is out of reach), each with its tracks to play
 * (the service worker answers them from the device), its size and "Remove
 * from this device". Nothing kept: how to keep an album next time.
 */
export function KeptLibrary() {
  const { t } = useI18n();
  const headingId = useId();
  const { kept, loaded } = useKeepState(useKeepingAccount());
  if (!loaded) return null;
  const albums = [...kept.values()].sort((a, b) => a.album.productTitle.localeCompare(b.album.productTitle));
  return (
    <section className="library-section kept-library" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('library.kept.heading')}</h2>
      <p role="status">{albums.length > 0 ? t('library.kept.offline') : t('library.kept.none')}</p>
      {albums.length > 0 && (
        <ul className="library-list library-list--list">
          {albums.map((kept) => (
            <KeptAlbumCard key={kept.album.product_id} kept={kept} />
          ))}
        </ul>
      )}
    </section>
  );
}

function KeptAlbumCard({ kept: { album } }: { kept: KeptAlbum }) {
  return (
    <li className="library-card card card--product library-card--list">
      {/* The very URL kept on the device (no responsive variants: those were not kept). */}
      {album.image ? <img src={album.image} alt="" className="library-card__image" /> : <span />}
      <div className="library-card__body">
        <AlbumCardHead album={album} />
        <KeepOnDevice album={album} />
      </div>
      <div className="library-card__tracks">
        <TrackList
          tracks={album.tracks.map(keptTrack)}
          albumKey={`library:${album.product_id}`}
          context={{ album: album.productTitle, artwork: album.image }}
        />
      </div>
    </li>
  );
}
