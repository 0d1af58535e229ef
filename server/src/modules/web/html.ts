import type { LangCode } from '@storyhouse/contracts';
import type { Translate } from '@storyhouse/i18n';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export interface PageHead {
  title: string;
  description?: string;
  /** This page on each language's site (hreflang alternates). */
  alternates?: Partial<Record<LangCode, string>>;
}

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
  return template.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`).replace(/<title>[^<]*<\/title>/, tags.join('\n    '));
}

export function defaultHead(t: Translate, notFound: boolean): PageHead {
  return notFound
    ? { title: `${t('notFound.title')} · ${t('app.titleSuffix')}` }
    : { title: `${t('app.name')}: ${t('app.tagline')}`, description: t('home.intro') };
}
