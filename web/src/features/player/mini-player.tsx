import { useId } from 'react';
import { ResponsiveImage } from '../../components/catalogue/responsive-image';
import { type Player, usePlayerPosition } from '../../components/player/player';
import { useI18n } from '../../lib/i18n';
import { PlayerError, PlayPauseButton, TrackTitle } from './player-parts';
import { useSleepLeft } from './player-settings';

/**
 * The player on a phone: one row, at most 64 px tall (cover, title,
 * play/pause, a thin progress line), so the page keeps the screen. The
 * cover and title (and an armed sleep timer's time left) are one button that opens Now Playing, where the rest is.
 */
export function MiniPlayer({ player, onOpen, ref }: { player: Player; onOpen: () => void; ref: React.Ref<HTMLElement> }) {
  const { t } = useI18n();
  const hintId = useId();
  const sleepLeft = useSleepLeft();
  const currentTime = usePlayerPosition();
  const { current, duration, sleep } = player;
  if (!current) return null;
  return (
    <section ref={ref} className="mini-player" aria-label={t('player.label')} aria-describedby={hintId}>
      <p id={hintId} className="visually-hidden">
        {t('player.shortcuts')}
      </p>
      {/* The position is read in Now Playing's seek bar; here it is only a line to glance at. */}
      <progress
        className="mini-player__line"
        max={duration > 0 ? duration : 1}
        value={duration > 0 ? Math.min(currentTime, duration) : 0}
        aria-hidden="true"
      />
      <button type="button" className="mini-player__open" aria-haspopup="dialog" onClick={onOpen}>
        <ResponsiveImage src={current.artwork ?? null} alt="" use="cover" sizes="48px" className="mini-player__cover" />
        <span className="mini-player__title">
          <span className="visually-hidden">{t('player.openNowPlaying')}: </span>
          <TrackTitle track={current} />
          {/* An armed sleep timer (one bedtime armed by itself too) shows on the row; Now Playing turns it off. */}
          {sleep && <span className="mini-player__sleep">☾ {sleepLeft(sleep)}</span>}
        </span>
      </button>
      <PlayPauseButton player={player} className="mini-player__play" />
      <PlayerError player={player} />
    </section>
  );
}
