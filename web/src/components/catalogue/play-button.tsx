import './catalogue.css';
import { useI18n } from '../../lib/i18n';
import { type QueueTrack, usePlayer } from '../player/player';

/**
 * Plays one track, or pauses it while it is the one playing. A separate
 * component so that only the buttons follow the player's progress updates,
 * not the whole list around them.
 */
export function PlayButton({
  track,
  album,
  preview,
}: {
  track: QueueTrack;
  /** The album's tracks as they play: after `track`, the rest of them (Up next). */
  album?: readonly QueueTrack[];
  preview: boolean;
}) {
  const { t } = useI18n();
  const player = usePlayer();
  const playing = player.isCurrent(track.id) && player.isPlaying;
  const label = playing
    ? t('catalogue.pause', { title: track.title })
    : t(preview ? 'catalogue.playPreview' : 'catalogue.play', { title: track.title });
  return (
    <button type="button" className="play-button" aria-label={label} title={label} onClick={() => player.toggle(track, album)}>
      <span aria-hidden="true" className={playing ? 'play-button__icon play-button__icon--pause' : 'play-button__icon'} />
    </button>
  );
}

/**
 * Spec §4 Audio queue: an album button pauses or resumes its current track,
 * else queues its playable tracks. `label`: its name when it does not play
 * (default "Play album", or "Play previews"). `names`: its names for a screen
 * reader when a page has one per album (a list's "Play the album …").
 */
export function PlayAlbumButton({
  albumKey,
  tracks,
  previews,
  label,
  names,
}: {
  albumKey: string;
  tracks: QueueTrack[];
  previews: boolean;
  label?: string;
  names?: { play: string; pause: string };
}) {
  const { t } = useI18n();
  const player = usePlayer();
  if (tracks.length === 0) return null;
  const playing = player.isPlaying && player.current?.albumKey === albumKey;
  const play = label ?? t(previews ? 'catalogue.playPreviews' : 'catalogue.playAlbum');
  const pause = t('catalogue.pauseAlbum');
  // Both labels take the same place and the button is as wide as the longer, so starting or pausing moves nothing
  // beside it (issue 11: nothing moves); the button's name is the one shown.
  return (
    <button
      type="button"
      className="button button--secondary"
      aria-label={playing ? (names?.pause ?? pause) : (names?.play ?? play)}
      onClick={() => player.toggleAlbum(albumKey, tracks)}
    >
      <span aria-hidden="true" className={playing ? 'play-button__icon play-button__icon--pause' : 'play-button__icon'} />
      <span aria-hidden="true" className="play-album__labels">
        <span className={playing ? 'play-album__label--hidden' : undefined}>{play}</span>
        <span className={playing ? undefined : 'play-album__label--hidden'}>{pause}</span>
      </span>
    </button>
  );
}
