import type { LangCode } from '@storyhouse/contracts';
import { FIRST_DATA_ELEMENT_ID } from '@storyhouse/contracts/first-data';
import type { Translate } from '@storyhouse/i18n';
import { MANIFEST_PATH } from './web-app-manifest';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export interface PageHead {
  title: string;
  description?: string;
  /** This page on each language's site (hreflang alternates). */
  alternates?: Partial<Record<LangCode, string>>;
  /** The page's own address (canonical link, og:url). */
  canonical?: string;
  /** Absolute URL of the social-preview image. */
  image?: string;
  /** The page's largest image, at the top (a CMS header, a story's cover): preloaded with the srcset and sizes its <img> will have. */
  preload?: { srcset: string; sizes: string };
  /** The code of the page's screen and messages (screen-modules.ts), asked for beside the app's entry. */
  modules?: readonly string[];
  /** The stylesheets that code brings, linked at once so the first render is styled. */
  styles?: readonly string[];
  /** The fonts the page's headings use (screen-modules.ts), preloaded beside the stylesheets. */
  fonts?: readonly string[];
}

const ogLocale: Record<LangCode, string> = { en: 'en_US', es: 'es_ES', ru: 'ru_RU' };

/**
 * Fills the built index.html for one request: the site language on <html>
 * (so the client and screen readers start in the right language) and the
 * page's head, and the answers its first render needs (decision 014). The
 * template comes from Vite's build; nothing else changes but the root, which holds the server render's markup (decision 015).
 */
export function renderPage(template: string, lang: LangCode, head: PageHead, firstData?: string, markup?: string) {
  // Every page names its site's manifest (web-app-manifest.ts): the site installs as an app from any page.
  const tags = [`<title>${escapeHtml(head.title)}</title>`, `<link rel="manifest" href="${MANIFEST_PATH}">`];
  if (head.description) tags.push(`<meta name="description" content="${escapeHtml(head.description)}">`);
  for (const [hreflang, href] of Object.entries(head.alternates ?? {})) {
    tags.push(`<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}">`);
  }
  if (head.alternates?.en) tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(head.alternates.en)}">`);
  if (head.canonical) {
    // Social previews (Open Graph, read by most networks and messengers).
    tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
    tags.push('<meta property="og:type" content="website">');
    tags.push(`<meta property="og:url" content="${escapeHtml(head.canonical)}">`);
    tags.push(`<meta property="og:title" content="${escapeHtml(head.title)}">`);
    tags.push(`<meta property="og:locale" content="${ogLocale[lang]}">`);
    if (head.description) tags.push(`<meta property="og:description" content="${escapeHtml(head.description)}">`);
    if (head.image) tags.push(`<meta property="og:image" content="${escapeHtml(head.image)}">`);
    tags.push(`<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}">`);
  }
  if (head.preload) {
    const { srcset, sizes } = head.preload;
    tags.push(
      `<link rel="preload" as="image" imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}" fetchpriority="high">`,
    );
  }
  // A page the server rendered (decision 015) paints from its HTML: its code (the entry, at low priority, which imports
  // the app and the screen's code once the page has painted: decision 081) comes after the stylesheets, fonts and
  // images the paint needs. A page the browser renders needs its code first: the app and its screen's modules are
  // fetched beside the entry.
  const rendered = Boolean(markup);
  const priority = rendered ? ' fetchpriority="low"' : '';
  if (!rendered)
    for (const href of head.modules ?? []) tags.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`);
  for (const href of head.fonts ?? [])
    tags.push(`<link rel="preload" as="font" type="font/woff2" crossorigin href="${escapeHtml(href)}">`);
  for (const href of head.styles ?? []) tags.push(`<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`);
  const html = template
    .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
    .replace(/<title>[^<]*<\/title>/, tags.join('\n    '))
    .replace('<script type="module"', `<script type="module"${priority}`);
  // The answers of the page's first render (decision 014); the text escapes every `<`.
  if (firstData === undefined) return html;
  const data = `<script type="application/json" id="${FIRST_DATA_ELEMENT_ID}">${firstData}</script>`;
  // The app's first render, made on the server from those answers (decision 015), for the browser to hydrate.
  return html.replace('<div id="root"></div>', () => `<div id="root">${markup ?? ''}</div>\n    ${data}`);
}

export function defaultHead(t: Translate, notFound: boolean): PageHead {
  return notFound
    ? { title: `${t('notFound.title')} · ${t('app.titleSuffix')}` }
    : { title: `${t('app.name')}: ${t('app.tagline')}`, description: t('home.intro') };
}
