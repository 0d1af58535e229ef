import { isSleepChoice } from '@storyhouse/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useChildRules } from '../../components/child-listening/child-rules';
import { useBedtimeSettings } from '../../components/player/api/bedtime';
import { type BedtimeRule, withinBedtime } from '../../components/player/bedtime';
import type { Player } from '../../components/player/player';
import './bedtime.css';
import { useSession } from '../../components/session/api/get-session';

/** How often the page checks whether bedtime began or ended (the dimmed player follows within this). */
const CHECK_MS = 30_000;

/**
 * The signed-in family's bedtime (issue 41 item 5), followed while the player
 * is on the page: the engine gets the rule (any play within its hours arms
 * its timer by itself), and `<html data-bedtime>` is set during its hours,
 * which bedtime.css turns into a dark, minimal player. A visitor has no
 * bedtime: it is the family's, kept on the account.
 */
export function useBedtime(player: Player) {
  const { data: session } = useSession();
  const signedIn = session?.logged_in === true;
  const { data: settings } = useBedtimeSettings(signedIn);
  const childTimer = useChildRules().rules?.sleep_timer;
  const family = useMemo<BedtimeRule | null>(
    () =>
      signedIn && settings?.enabled && settings.time_zone
        ? { from: settings.from, to: settings.to, timeZone: settings.time_zone, timer: settings.timer }
        : null,
    [signedIn, settings],
  );
  // A child's own sleep timer (issue 42) is armed whenever the child starts playing: hours that never end.
  const rule = useMemo<BedtimeRule | null>(
    () => (isSleepChoice(childTimer) ? { from: '00:00', to: '00:00', timeZone: 'UTC', timer: childTimer } : family),
    [childTimer, family],
  );

  const { setBedtime } = player;
  // biome-ignore lint/correctness/useExhaustiveDependencies: setBedtime is a new function on every player update; the rule is what changes.
  useEffect(() => setBedtime(rule), [rule]);

  const [within, setWithin] = useState(false);
  useEffect(() => {
    if (!family) {
      setWithin(false);
      return;
    }
    const check = () => setWithin(withinBedtime(family, Date.now()));
    check();
    const timer = setInterval(check, CHECK_MS);
    return () => clearInterval(timer);
  }, [family]);

  useEffect(() => {
    const root = document.documentElement;
    if (within) root.setAttribute('data-bedtime', '');
    else root.removeAttribute('data-bedtime');
    return () => root.removeAttribute('data-bedtime');
  }, [within]);
}
