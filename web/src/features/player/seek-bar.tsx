import { formatClock } from '@storyhouse/contracts';
import { type Player, usePlayerPosition } from '../../components/player/player';
import { useI18n } from '../../lib/i18n';
import { onSeekKey } from './player-keys';

/**
 * The seek bar with the time elapsed and the time left, in the bar and in
 * Now Playing (`block` names their classes): a native slider whose value
 * reads "12:30 of 45:00" in the page's language, whose arrows move 15 s.
 */
export function SeekBar({ player, block }: { player: Player; block: 'player-bar' | 'now-playing' }) {
  const { t } = useI18n();
  // The position ticks here, not in the bar or Now Playing around it (usePlayer).
  const currentTime = usePlayerPosition();
  const { duration } = player;
  const position = Math.min(currentTime, duration || currentTime);
  const remaining = Math.max(0, duration - position);
  return (
    <div className={`${block}__progress`}>
      <span className={`${block}__time`}>
        <span className="visually-hidden">{t('player.elapsed')} </span>
        {formatClock(position)}
      </span>
      <input
        type="range"
        className={`${block}__seek`}
        min={0}
        max={Math.max(duration, 0)}
        step={1}
        value={position}
        disabled={duration <= 0}
        aria-label={t('player.position')}
        aria-valuetext={t('player.positionText', { elapsed: formatClock(position), total: formatClock(duration) })}
        onChange={(e) => player.seek(Number(e.currentTarget.value))}
        onKeyDown={onSeekKey(player)}
      />
      <span className={`${block}__time ${block}__time--left`}>
        <span className="visually-hidden">{t('player.remaining')} </span>-{formatClock(remaining)}
      </span>
    </div>
  );
}
