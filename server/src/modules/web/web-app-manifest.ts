import type { LangCode } from '@storyhouse/contracts';
import type { Translate } from '@storyhouse/i18n';

/** Where each site's manifest is, linked from every page's head (html.ts). */
export const MANIFEST_PATH = '/manifest.webmanifest';
/** The offline copy of the app the service worker precaches (web/src/sw/rules.ts OFFLINE_SHELL_URL, decision 034). */
export const OFFLINE_SHELL_PATH = '/offline.html';

/** The colours of web/src/ui/tokens.css: --brand (the header, and the browser's bar) and --paper (the page, while it opens). */
const THEME_COLOR = '#7c2d12';
const BACKGROUND_COLOR = '#fdf6ec';

/**
 * The web app manifest of a language's site (issue 32 item 4): each site
 * (its own host, spec §1) installs as its own app, named in its language,
 * opening on its home page. The icons are web/public/icons (drawn from the
 * favicon by web/scripts/make-icons.mjs); the maskable one keeps the mark
 * inside the safe zone on the brand colour.
 */
export function webAppManifest(lang: LangCode, t: Translate) {
  return {
    id: '/',
    name: `${t('app.name')}: ${t('app.tagline')}`,
    short_name: t('app.name'),
    description: t('app.tagline'),
    lang,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
