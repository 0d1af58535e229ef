import type { LangCode } from '@storyhouse/contracts';

/**
 * The public origin of each language's site, for the footer of every
 * e-mail: from configuration (PUBLIC_URL_* or SITE_HOSTS_*), set once when
 * the app is built (app.ts), never from a request's Host header.
 */
let origins: Record<LangCode, string> = { en: 'http://localhost', es: 'http://es.localhost', ru: 'http://ru.localhost' };

export function setMailSiteOrigins(next: Record<LangCode, string>) {
  origins = { ...next };
}

export const mailSiteOrigin = (lang: LangCode) => origins[lang];
