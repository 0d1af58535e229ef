import {
  FINISHED_WITHIN_SECONDS,
  type HeardPlace,
  keptPlace,
  type LibraryAlbum,
  type LibraryTrackMatch,
} from '@storyhouse/contracts';
import { useId, useMemo } from 'react';
import { TrackList } from '../../../components/catalogue/track-list';
import { mayHearAlbum, useChildRules } from '../../../components/child-listening/child-rules';
import { devicePlaces } from '../../../components/player/device-places';
import { useI18n } from '../../../lib/i18n';
import { AlbumCardHead } from '../album-card-head';
import { ContinueListening } from '../continue-listening';
import { KeepOnDevice, useKeepingAccount } from './keep-on-device';
import { useKeepState } from './keep-state';
import { type KeptAlbum, keptTrack } from './keep-store';

/**
 * My Library offline (issue 32 item 3): the albums kept on this device, from
 * the local record (the API is out of reach), each with its tracks to play
 * (the service worker answers them from the device), its size and "Remove
 * from this device", then Continue listening at the places kept on the
 * device. Nothing kept: how to keep an album next time.
 */
export function KeptLibrary() {
  const { t } = useI18n();
  const headingId = useId();
  const { kept, loaded } = useKeepState(useKeepingAccount());
  // A child's profile sees only the kept albums its rules allow (issue 42), as the server's shelf does.
  const listener = useChildRules();
  if (!loaded) return null;
  const albums = [...kept.values()]
    .filter((k) => mayHearAlbum(listener, k.album.product_id))
    .sort((a, b) => a.album.productTitle.localeCompare(b.album.productTitle));
  return (
    <>
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
      <ContinueListening tracks={keptContinueListening(albums, devicePlaces())} />
    </>
  );
}

/**
 * Continue listening with no network: the unfinished tracks of the kept
 * albums at the later of the place kept with the album and the place this
 * device heard last (keptPlace), most recently heard first. Their covers are
 * left out: only the cover's own address is kept, not its resized copies.
 */
export function keptContinueListening(albums: readonly KeptAlbum[], heard: ReadonlyMap<number, HeardPlace>): LibraryTrackMatch[] {
  const started: (LibraryTrackMatch & { heardAt: number })[] = [];
  for (const { album } of albums) {
    for (const track of album.tracks) {
      const recorded = track.position_heard_at
        ? { position: track.position_seconds, heardAt: Date.parse(track.position_heard_at) }
        : undefined;
      const here = heard.get(track.sku_id);
      const place = here ? keptPlace(recorded, here) : recorded;
      const finished = track.length_seconds > 0 && (place?.position ?? 0) >= track.length_seconds - FINISHED_WITHIN_SECONDS;
      if (!place || place.position <= 0 || finished) continue;
      started.push({
        ...keptTrack(track),
        position_seconds: place.position,
        position_heard_at: new Date(place.heardAt).toISOString(),
        product_id: album.product_id,
        product_title: album.productTitle,
        product_slug: album.slug,
        image: null,
        heardAt: place.heardAt,
      });
    }
  }
  return started.sort((a, b) => b.heardAt - a.heardAt).map(({ heardAt: _, ...track }) => track);
}

/** The album `productId` as kept on this device for the signed-in account, its tracks playing the kept copies; null when not kept. */
export function useKeptAlbum(productId: number | null): LibraryAlbum | null {
  const { kept } = useKeepState(useKeepingAccount());
  const listener = useChildRules();
  const album = productId === null || !mayHearAlbum(listener, productId) ? undefined : kept.get(productId)?.album;
  return useMemo(() => (album ? { ...album, tracks: album.tracks.map(keptTrack) } : null), [album]);
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
