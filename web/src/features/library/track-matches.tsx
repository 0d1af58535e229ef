import { type LibraryTrackMatch, libraryPaths } from '@storyhouse/contracts';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { PlayButton } from '../../components/catalogue/play-button';
import { formatDuration } from '../../components/catalogue/track-format';
import { useQueueTrack } from '../../components/catalogue/use-queue-track';
import { useI18n } from '../../lib/i18n';
import { DownloadLink } from './download-link';

/** Tracks from several albums, each with its album's library page (the search's matching tracks). */
function TrackMatchList({ tracks, detail }: { tracks: LibraryTrackMatch[]; detail: (track: LibraryTrackMatch) => ReactNode }) {
  const queueTrack = useQueueTrack();
  return (
    <ul className="track-list track-list--library-matches">
      {tracks.map((track) => (
        <li key={track.sku_id} className="track">
          <PlayButton
            track={queueTrack(track, `library:${track.product_id}`, { album: track.product_title, artwork: track.image })}
            preview={!track.plays_in_full}
          />
          <span className="track__title">
            <span className="track__name">{track.title}</span>
            <Link className="track__album" to={libraryPaths.album(track.product_id)}>
              {track.product_title}
            </Link>
          </span>
          <span className="track__action">{detail(track)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Spec §2 My Library: the owned tracks whose title matches the search. */
export function MatchingTracks({ tracks }: { tracks: LibraryTrackMatch[] }) {
  const { t } = useI18n();
  const headingId = useId();
  if (tracks.length === 0) return null;
  return (
    <section className="library-section" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('shop.matchingTracks')}</h3>
      <TrackMatchList
        tracks={tracks}
        detail={(track) => (
          <>
            <span className="track__duration">{formatDuration(track.length_seconds)}</span>
            {track.file_url && (
              <DownloadLink href={track.file_url} kind="track" label={t('library.downloadTrack', { title: track.title })} />
            )}
          </>
        )}
      />
    </section>
  );
}
