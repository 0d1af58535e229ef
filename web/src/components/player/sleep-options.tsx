import { useI18n } from '../../lib/i18n';
import { SLEEP_CHOICES, type SleepChoice, sleepMinutes } from './sleep-timer';

/** What a sleep-timer choice is called: "15 minutes", "End of the album", "After 3 tracks". */
export function useSleepLabel() {
  const { t } = useI18n();
  return (choice: SleepChoice) => {
    const minutes = sleepMinutes(choice);
    if (minutes !== null) return t('player.sleepMinutes', { minutes });
    if (choice === 'track') return t('player.sleepTrack');
    if (choice === 'album') return t('player.sleepAlbum');
    return t('player.sleepTracks', { count: Number(choice.slice('tracks-'.length)) });
  };
}

const byTime = SLEEP_CHOICES.filter((c) => sleepMinutes(c) !== null);
const byTracks = SLEEP_CHOICES.filter((c) => sleepMinutes(c) === null);

/**
 * The sleep timer's choices for a native select, in two groups (time, then
 * tracks): one tap opens the phone's own picker, one more chooses, and
 * screen readers announce each group. `lastUsed` is marked as such.
 */
export function SleepOptions({ lastUsed = null }: { lastUsed?: SleepChoice | null }) {
  const { t } = useI18n();
  const label = useSleepLabel();
  const option = (c: SleepChoice) => (
    <option key={c} value={c}>
      {c === lastUsed ? t('player.sleepLastUsed', { choice: label(c) }) : label(c)}
    </option>
  );
  return (
    <>
      <optgroup label={t('player.sleepGroupTime')}>{byTime.map(option)}</optgroup>
      <optgroup label={t('player.sleepGroupTracks')}>{byTracks.map(option)}</optgroup>
    </>
  );
}
