import { type ReactNode, useId } from 'react';
import type { Player, SleepChoice } from '../../components/player/player';
import { isSleepChoice, PLAYBACK_RATES, SLEEP_CHOICES } from '../../components/player/sleep-timer';
import { useI18n } from '../../lib/i18n';

/** What a sleep-timer choice is called in the list. */
function useSleepLabel() {
  const { t } = useI18n();
  return (choice: SleepChoice) =>
    choice === 'track' ? t('player.sleepTrack') : t('player.sleepMinutes', { minutes: Number(choice) });
}

/**
 * Playback speed and the sleep timer (issue 14 item 5): native selects, so
 * the keyboard, screen readers and a phone's own picker all know them. The
 * timer chosen last is marked in the list, never armed by itself on a new
 * visit; while one is armed the bar shows the minutes left. `children`:
 * what else the bar offers beside them (Up next).
 */
export function PlayerSettings({ player, children }: { player: Player; children?: ReactNode }) {
  const { t } = useI18n();
  const sleepLabel = useSleepLabel();
  const leftId = useId();
  const { rate, sleep, lastSleep } = player;
  const left = sleep?.fading
    ? t('player.sleepFading')
    : sleep?.minutesLeft != null
      ? t('player.sleepLeft', { minutes: sleep.minutesLeft })
      : null;
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
          {SLEEP_CHOICES.map((c) => (
            <option key={c} value={c}>
              {!sleep && c === lastSleep ? t('player.sleepLastUsed', { choice: sleepLabel(c) }) : sleepLabel(c)}
            </option>
          ))}
        </select>
      </label>
      {left ? (
        <span id={leftId} className="player-bar__sleep-left">
          {left}
        </span>
      ) : null}
      {children}
    </div>
  );
}
