import { formatClock } from '@storyhouse/contracts';
import { useEffect, useId } from 'react';
import './player-bar.css';
import { type Player, usePlayer } from '../../components/player/player';
import { JUMP_SECONDS } from '../../components/player/player-engine';
import { useI18n } from '../../lib/i18n';
import { PlayerSettings } from './player-settings';
import { UpNextButton } from './up-next-button';

/** Fields where letters and arrows are text editing, never player shortcuts. */
function isTextField(el: Element) {
  if (el instanceof HTMLElement && el.isContentEditable) return true;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  return el instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'range', 'reset', 'submit'].includes(el.type);
}

/** Controls that already give Space (and arrows, for inputs) a meaning of their own. */
const ownsSpace = 'button, a[href], input, select, textarea, summary, [role="button"], [role="slider"]';

/**
 * Player shortcuts while a track is loaded and focus is not in a text field
 * or a dialog: Space/K play-pause, J/Left back 15 s, L/Right forward 15 s.
 */
function usePlayerShortcuts(player: Player) {
  const loaded = player.current !== null;
  const { playPause, skip } = player;
  useEffect(() => {
    if (!loaded) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target && (isTextField(target) || target.closest('dialog'))) return;
      const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
      const action =
        key === 'k' || (key === ' ' && !target?.closest(ownsSpace))
          ? playPause
          : key === 'j' || (key === 'ArrowLeft' && !target?.closest('input, select'))
            ? () => skip(-JUMP_SECONDS)
            : key === 'l' || (key === 'ArrowRight' && !target?.closest('input, select'))
              ? () => skip(JUMP_SECONDS)
              : null;
      if (!action) return;
      e.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [loaded, playPause, skip]);
}

/**
 * Spec §2 Shell: the audio player bar, shown once a track is loaded: title
 * (marked Preview when only the preview plays, issue 11 item 6), seekable progress, elapsed and remaining time, play/pause, ±15 s, and the
 * audio-error alerts of spec §4; playback speed and the sleep timer (issue 14 item 5).
 */
export function PlayerBar() {
  const { t } = useI18n();
  const player = usePlayer();
  const hintId = useId();
  usePlayerShortcuts(player);

  const { current, isPlaying, currentTime, duration, error } = player;
  if (!current) return null;

  const position = Math.min(currentTime, duration || currentTime);
  const remaining = Math.max(0, duration - position);

  return (
    <section className="player-bar" aria-label={t('player.label')} aria-describedby={hintId}>
      <p id={hintId} className="visually-hidden">
        {t('player.shortcuts')}
      </p>
      <div className="player-bar__controls">
        <button
          type="button"
          className="player-bar__button"
          aria-label={t('player.back', { seconds: JUMP_SECONDS })}
          aria-keyshortcuts="J ArrowLeft"
          onClick={() => player.skip(-JUMP_SECONDS)}
        >
          <span aria-hidden="true">↺ {JUMP_SECONDS}</span>
        </button>
        <button
          type="button"
          className="player-bar__button player-bar__button--main"
          aria-label={isPlaying ? t('player.pause') : t('player.play')}
          aria-keyshortcuts="K Space"
          onClick={player.playPause}
        >
          <span aria-hidden="true">{isPlaying ? '❚❚' : '▶'}</span>
        </button>
        <button
          type="button"
          className="player-bar__button"
          aria-label={t('player.forward', { seconds: JUMP_SECONDS })}
          aria-keyshortcuts="L ArrowRight"
          onClick={() => player.skip(JUMP_SECONDS)}
        >
          <span aria-hidden="true">{JUMP_SECONDS} ↻</span>
        </button>
      </div>
      <div className="player-bar__track">
        <p className="player-bar__title">
          <span className="visually-hidden">{t('player.nowPlaying')}: </span>
          {current.preview ? (
            <>
              <span className="player-bar__preview" aria-hidden="true">
                {t('player.preview')}
              </span>
              <span className="visually-hidden">{t('player.previewNote')} </span>
            </>
          ) : null}
          {current.title}
        </p>
        <div className="player-bar__progress">
          <span className="player-bar__time">
            <span className="visually-hidden">{t('player.elapsed')} </span>
            {formatClock(position)}
          </span>
          <input
            type="range"
            className="player-bar__seek"
            min={0}
            max={Math.max(duration, 0)}
            step={1}
            value={position}
            disabled={duration <= 0}
            aria-label={t('player.position')}
            aria-valuetext={t('player.positionText', { elapsed: formatClock(position), total: formatClock(duration) })}
            onChange={(e) => player.seek(Number(e.currentTarget.value))}
          />
          <span className="player-bar__time">
            <span className="visually-hidden">{t('player.remaining')} </span>-{formatClock(remaining)}
          </span>
        </div>
      </div>
      <PlayerSettings player={player}>
        <UpNextButton player={player} />
      </PlayerSettings>
      {error && (
        <div className="player-bar__error">
          <p role="alert">{t(`player.error.${error}`)}</p>
          <button type="button" className="banner__close" aria-label={t('player.dismissError')} onClick={player.dismissError}>
            ×
          </button>
        </div>
      )}
    </section>
  );
}
