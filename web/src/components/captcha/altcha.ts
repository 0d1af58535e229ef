// The ALTCHA widget and its proof-of-work worker, loaded only when a form
// with a captcha is shown (spec §5 Free MP3): not part of the main bundle.
// The "external" build has no inline workers or styles, so the page's
// Content-Security-Policy (script-src 'self') holds: Vite emits the worker
// as a file of our own origin.
import 'altcha/external';
import 'altcha/altcha.css';
import type {} from 'altcha/types/react';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

// The server's challenges (server/src/providers/captcha/altcha.ts) use PBKDF2/SHA-256.
globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

/** The widget's texts in a language, from our catalogs (the widget's own English fills what we do not show). */
export function setAltchaStrings(lang: string, strings: Record<string, string>) {
  globalThis.$altcha.i18n.set(lang, { ...globalThis.$altcha.i18n.get('en'), ...strings });
}
