import { type LibraryTrackMatch, libraryPaths } from '@storyhouse/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { PlayButton } from '../../components/catalogue/play-button';
import { ResponsiveImage } from '../../components/catalogue/responsive-image';
import { formatDuration } from '../../components/catalogue/track-format';
import { useQueueTrack } from '../../components/catalogue/use-queue-track';
import { useI18n } from '../../lib/i18n';

/**
 * Issue 14 item 5, issue 27 item 2: the unfinished stories, most recently
 * heard first, as a row of cards (cover, track, album, how far the listener
 * got), as Audible's and Spotify's libraries show them. On a phone the row
 * scrolls sideways, card by card, inside its own box (the page never gets
 * wider); each card's play button and album link are in the tab order, so
 * the keyboard brings every card into view. Play goes on where it stopped.
 */
export function ContinueListening({ tracks }: { tracks: LibraryTrackMatch[] }) {
  const { t } = useI18n();
  const headingId = useId();
  if (tracks.length === 0) return null;
  return (
    <section className="library-section library-continue" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('library.continueListening')}</h2>
      <ul className="continue-row">
        {tracks.map((track) => (
          <ContinueCard key={track.sku_id} track={track} />
        ))}
      </ul>
    </section>
  );
}

function ContinueCard({ track }: { track: LibraryTrackMatch }) {
  const { t } = useI18n();
  const queueTrack = useQueueTrack();
  const length = track.length_seconds;
  const position = Math.min(track.position_seconds, length);
  const stoppedAt = t('library.stoppedAt', {
    position: formatDuration(position),
    length: formatDuration(length),
  });
  return (
    <li className="continue-card card">
      <div className="continue-card__cover">
        <ResponsiveImage src={track.image} alt="" use="cover" sizes="10rem" className="continue-card__image" />
        <PlayButton
          track={queueTrack(track, `library:${track.product_id}`, { album: track.product_title, artwork: track.image })}
          preview={!track.plays_in_full}
        />
      </div>
      <div className="continue-card__body">
        <p className="continue-card__title">{track.title}</p>
        <Link className="continue-card__album" to={libraryPaths.album(track.product_id)}>
          {track.product_title}
        </Link>
        <progress className="continue-card__progress" value={position} max={length || 1} aria-label={stoppedAt} />
        {length > 0 && (
          <p className="continue-card__left">{t('library.timeLeft', { time: formatDuration(length - position) })}</p>
        )}
      </div>
    </li>
  );
}
