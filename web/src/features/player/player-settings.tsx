import { formatClock } from '@storyhouse/contracts';
import { type ReactNode, useId } from 'react';
import type { Player, SleepTimer } from '../../components/player/player';
import { SleepOptions } from '../../components/player/sleep-options';
import { isSleepChoice, PLAYBACK_RATES } from '../../components/player/sleep-timer';
import { useI18n } from '../../lib/i18n';
import './bedtime.css';

/** What an armed timer has left, as the player shows it: mm:ss, or the tracks it stops after. */
export function useSleepLeft() {
  const { t } = useI18n();
  return (sleep: SleepTimer) => {
    if (sleep.fading) return t('player.sleepFading');
    if (sleep.secondsLeft !== null) return t('player.sleepLeft', { time: formatClock(sleep.secondsLeft) });
    if (sleep.choice === 'album') return t('player.sleepLeftAlbum');
    if (sleep.tracksLeft === 1 && sleep.choice === 'track') return t('player.sleepLeftTrack');
    return t('player.sleepLeftTracks', { count: sleep.tracksLeft ?? 1 });
  };
}

/**
 * Playback speed and the sleep timer (issue 14 item 5, issue 41 item 5):
 * native selects, so the keyboard, screen readers and a phone's own picker
 * all know them. The timer chosen last is marked in the list, never armed by
 * itself on a new visit; while one is armed the player shows what it has
 * left. A timer the family's bedtime armed with the play says so, with a
 * button that turns it off.
 * `children`: what else the bar offers beside them (Up next).
 */
export function PlayerSettings({ player, children }: { player: Player; children?: ReactNode }) {
  const { t } = useI18n();
  const sleepLeft = useSleepLeft();
  const leftId = useId();
  const { rate, sleep, lastSleep } = player;
  const left = sleep ? sleepLeft(sleep) : null;
  return (
    <div className="player-bar__settings">
      <label className="player-bar__setting" title={t('player.speed')}>
        <span className="visually-hidden">{t('player.speed')}</span>
        <select className="player-bar__select" value={rate} onChange={(e) => player.setRate(Number(e.currentTarget.value))}>
          {PLAYBACK_RATES.map((r) => (
            <option key={r} value={r}>
              {t('player.speedOption', { rate: r })}
            </option>
          ))}
        </select>
      </label>
      <label className="player-bar__setting" title={t('player.sleep')}>
        <span className="player-bar__moon" aria-hidden="true">
          ☾
        </span>
        <span className="visually-hidden">{t('player.sleep')}</span>
        <select
          className={sleep ? 'player-bar__select player-bar__select--on' : 'player-bar__select'}
          value={sleep?.choice ?? 'off'}
          aria-describedby={left ? leftId : undefined}
          onChange={(e) => {
            const { value } = e.currentTarget;
            player.setSleep(isSleepChoice(value) ? value : null);
          }}
        >
          <option value="off">{t('player.sleepOff')}</option>
          <SleepOptions lastUsed={sleep ? null : lastSleep} />
        </select>
      </label>
      {sleep && left ? (
        <span id={leftId} className="player-bar__sleep-left">
          {sleep.auto ? <span className="player-bar__bedtime">{t('player.bedtimeOn')}: </span> : null}
          {left}
        </span>
      ) : null}
      {sleep?.auto ? (
        <button
          type="button"
          className="player-bar__button player-bar__bedtime-off"
          aria-label={t('player.bedtimeTurnOffLabel')}
          onClick={() => player.setSleep(null)}
        >
          {t('player.bedtimeTurnOff')}
        </button>
      ) : null}
      {children}
    </div>
  );
}
