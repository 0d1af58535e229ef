import { useEffect, useMemo, useState } from 'react';
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
  const rule = useMemo<BedtimeRule | null>(
    () =>
      signedIn && settings?.enabled && settings.time_zone
        ? { from: settings.from, to: settings.to, timeZone: settings.time_zone, timer: settings.timer }
        : null,
    [signedIn, settings],
  );

  const { setBedtime } = player;
  // biome-ignore lint/correctness/useExhaustiveDependencies: setBedtime is a new function on every player update; the rule is what changes.
  useEffect(() => setBedtime(rule), [rule]);

  const [within, setWithin] = useState(false);
  useEffect(() => {
    if (!rule) {
      setWithin(false);
      return;
    }
    const check = () => setWithin(withinBedtime(rule, Date.now()));
    check();
    const timer = setInterval(check, CHECK_MS);
    return () => clearInterval(timer);
  }, [rule]);

  useEffect(() => {
    const root = document.documentElement;
    if (within) root.setAttribute('data-bedtime', '');
    else root.removeAttribute('data-bedtime');
    return () => root.removeAttribute('data-bedtime');
  }, [within]);
}
