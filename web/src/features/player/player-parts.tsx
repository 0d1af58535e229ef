import type { Player, QueueTrack } from '../../components/player/player';
import { JUMP_SECONDS } from '../../components/player/player-engine';
import { useI18n } from '../../lib/i18n';

/** The track's title, marked Preview when only the preview plays (a visible label, and words for screen readers). */
export function TrackTitle({ track }: { track: QueueTrack }) {
  const { t } = useI18n();
  return (
    <>
      {track.preview ? (
        <>
          <span className="player-bar__preview" aria-hidden="true">
            {t('player.preview')}
          </span>
          <span className="visually-hidden">{t('player.previewNote')} </span>
        </>
      ) : null}
      {track.title}
    </>
  );
}

/** Spec §4's audio-error alert, with its dismiss button. */
export function PlayerError({ player }: { player: Player }) {
  const { t } = useI18n();
  if (!player.error) return null;
  return (
    <div className="player-bar__error">
      <p role="alert">{t(`player.error.${player.error}`)}</p>
      <button type="button" className="banner__close" aria-label={t('player.dismissError')} onClick={player.dismissError}>
        ×
      </button>
    </div>
  );
}

/** Play or pause, named for what it will do. */
export function PlayPauseButton({ player, className }: { player: Player; className: string }) {
  const { t } = useI18n();
  return (
    <button
      type="button"
      className={className}
      aria-label={player.isPlaying ? t('player.pause') : t('player.play')}
      aria-keyshortcuts="K Space"
      onClick={player.playPause}
    >
      <span aria-hidden="true">{player.isPlaying ? '❚❚' : '▶'}</span>
    </button>
  );
}

/** Back or forward 15 s (spec §9). */
export function JumpButton({
  player,
  direction,
  className,
}: {
  player: Player;
  direction: 'back' | 'forward';
  className: string;
}) {
  const { t } = useI18n();
  const back = direction === 'back';
  return (
    <button
      type="button"
      className={className}
      aria-label={t(back ? 'player.back' : 'player.forward', { seconds: JUMP_SECONDS })}
      aria-keyshortcuts={back ? 'J ArrowLeft' : 'L ArrowRight'}
      onClick={() => player.skip(back ? -JUMP_SECONDS : JUMP_SECONDS)}
    >
      <span aria-hidden="true">{back ? `↺ ${JUMP_SECONDS}` : `${JUMP_SECONDS} ↻`}</span>
    </button>
  );
}
