import { FreeMp3Grant, type LangCode } from '@storyhouse/contracts';

/**
 * Spec §2 Free MP3: the form is complete for the rest of the browser session
 * (then every free-mp3 page shows the play button and download link). The
 * server's link expires (issue 6), so "complete" lasts as long as the link:
 * after that the form asks again.
 */
const KEY = 'storyhouse.freeMp3.grant';
/** The same link in memory, for a browser that blocks storage: it lasts until the page is reloaded. */
let remembered: FreeMp3Grant | null = null;

/** Whether a link is still good now. */
export const isLive = (grant: FreeMp3Grant, now = Date.now()) => Date.parse(grant.expires_at) > now;

export function loadFreeMp3Grant(): FreeMp3Grant | null {
  if (remembered && isLive(remembered)) return remembered;
  try {
    const parsed = FreeMp3Grant.safeParse(JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null'));
    return parsed.success && isLive(parsed.data) ? parsed.data : null;
  } catch {
    // Storage blocked (private mode settings) or garbled: the form is simply shown again.
    return null;
  }
}

export function rememberFreeMp3Grant(grant: FreeMp3Grant) {
  remembered = grant;
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(grant));
  } catch {
    // See above: the link in memory still reaches the page they are sent to.
  }
}

/** Spec §2 Free MP3: where a completed form goes (Russian uses the English page). */
export function freeMp3SuccessPath(lang: LangCode): string {
  return lang === 'es' ? '/apoyar/oneplace-mp3-gratis' : '/support-us/oneplace-free-mp3';
}
