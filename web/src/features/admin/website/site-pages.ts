import { type AdminCmsEntryRow, type LangCode, routePath } from '@storyhouse/contracts';
import type { MessageKey } from '@storyhouse/i18n';

/**
 * The storefront's own pages a menu can link to (spec §2 route table): the
 * ones a family opens from a menu, not the links e-mailed with a token, the
 * checkout's steps or the back office. Each is at its path in the menu's
 * language (/tienda on the Spanish site). Those the CMS writes (contact,
 * privacy, …) come with the CMS pages as well, under their own title.
 */
export const mainPageIds = [
  'home',
  'shop',
  'freeStreaming',
  'giftCard',
  'subscription',
  'supportUs',
  'freeMp3',
  'adventures',
  'contact',
  'search',
  'library',
  'orders',
  'cart',
  'login',
  'createAccount',
] as const;
export type MainPageId = (typeof mainPageIds)[number];

/** A page of the site the menu editor offers: its title in the menu's language and its path there. */
export interface SitePage {
  title: string;
  path: string;
  /** A page of the CMS (its own title), or one of the storefront's (named by the back office). */
  source: 'cms' | 'main';
}

/** The storefront's main pages in a language, named by the back office's words. */
export function mainPages(lang: LangCode, name: (key: MessageKey) => string): SitePage[] {
  return mainPageIds.flatMap((id) => {
    const path = routePath(id, lang);
    return path ? [{ title: name(`admin.navigation.mainPage.${id}`), path, source: 'main' as const }] : [];
  });
}

/** Folded for a search: lower case, without accents ("Contáctanos" is found by "contactanos"). */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();

/** Whether a page is found by a search of its title or path (every word of the search, anywhere). */
export function pageMatches(page: SitePage, search: string) {
  const words = folded(search).split(/\s+/).filter(Boolean);
  const text = folded(`${page.title} ${page.path}`);
  return words.every((word) => text.includes(word));
}

/**
 * The pages to choose from: the CMS pages of the menu's language (found by
 * the server's search) and the main pages the search finds, one per path
 * (a CMS page's own title over the back office's name for its route), by
 * title in the language's order.
 */
export function sitePages(cms: readonly AdminCmsEntryRow[], main: readonly SitePage[], lang: LangCode, search: string) {
  const byPath = new Map<string, SitePage>();
  for (const page of main) if (pageMatches(page, search)) byPath.set(page.path, page);
  for (const row of cms) {
    // The home page is stored as /index and lives at /.
    const path = row.url === '/index' ? '/' : row.url;
    byPath.set(path, { title: row.title, path, source: 'cms' });
  }
  const collator = new Intl.Collator(lang);
  return [...byPath.values()].sort((a, b) => collator.compare(a.title, b.title));
}
