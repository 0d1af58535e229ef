import type { LangCode } from '@storyhouse/contracts';

/**
 * Spec §2 Free MP3: the form is complete for the rest of the browser session
 * (then every free-mp3 page shows the play button and download link).
 */
const KEY = 'storyhouse.freeMp3.completed';

export function isFreeMp3Completed(): boolean {
  try {
    return window.sessionStorage.getItem(KEY) === '1';
  } catch {
    // Storage blocked (private mode settings): the form is simply shown again.
    return false;
  }
}

export function rememberFreeMp3Completed() {
  try {
    window.sessionStorage.setItem(KEY, '1');
  } catch {
    // See above: the visitor still gets the MP3 on the page they are sent to.
  }
}

/** Spec §2 Free MP3: where a completed form goes (Russian uses the English page). */
export function freeMp3SuccessPath(lang: LangCode): string {
  return lang === 'es' ? '/apoyar/oneplace-mp3-gratis' : '/support-us/oneplace-free-mp3';
}
