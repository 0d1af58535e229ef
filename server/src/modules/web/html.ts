import type { LangCode } from '@storyhouse/contracts';
import type { Translate } from '@storyhouse/i18n';

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
}

const ogLocale: Record<LangCode, string> = { en: 'en_US', es: 'es_ES', ru: 'ru_RU' };

/**
 * Fills the built index.html for one request: the site language on <html>
 * (so the client and screen readers start in the right language) and the
 * page's head. The template comes from Vite's build; nothing else changes.
 */
export function renderPage(template: string, lang: LangCode, head: PageHead) {
  const tags = [`<title>${escapeHtml(head.title)}</title>`];
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
  return template.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`).replace(/<title>[^<]*<\/title>/, tags.join('\n    '));
}

export function defaultHead(t: Translate, notFound: boolean): PageHead {
  return notFound
    ? { title: `${t('notFound.title')} · ${t('app.titleSuffix')}` }
    : { title: `${t('app.name')}: ${t('app.tagline')}`, description: t('home.intro') };
}
