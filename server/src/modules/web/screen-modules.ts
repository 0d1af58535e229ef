import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CmsTemplate, LangCode } from '@storyhouse/contracts';
import { type FamilyPage, familyPages } from './first-data';

/**
 * The web app's module of each screen a page may open on (web/src/app/router.tsx
 * and app/cms-layouts.tsx), by what the page shows: the page's HTML asks for
 * it, and for the site language's messages, beside the app's entry, so the
 * browser fetches them at once instead of after the entry has run (decision
 * 014). A module not in the build's manifest is simply not preloaded;
 * screen-modules.unit.test.ts checks each is a file of web/src.
 */
export const screenSources = {
  shop: 'src/features/shop/shop-page.tsx',
  story: 'src/features/story/story-page.tsx',
  freeStreamingAlbum: 'src/features/free-streaming/free-streaming-album-page.tsx',
  library: 'src/features/library/library-page.tsx',
  orders: 'src/features/orders/orders-page.tsx',
  subscriptions: 'src/features/my-subscription/my-subscription-page.tsx',
  cart: 'src/features/cart/cart-page.tsx',
  checkout: 'src/features/checkout/checkout-page.tsx',
  payment: 'src/features/checkout/payment-page.tsx',
  'basic-subpage': 'src/features/cms/layouts/basic-layout.tsx',
  'home-page': 'src/features/home/home-layout.tsx',
  'free-streaming': 'src/features/free-streaming/free-streaming-layout.tsx',
  'store-product-list': 'src/features/shop/store-product-list-layout.tsx',
  'contact-us': 'src/features/contact/contact-layout.tsx',
  guestbook: 'src/features/guestbook/guestbook-layout.tsx',
  'free-mp3': 'src/features/free-mp3/free-mp3-layout.tsx',
  search: 'src/features/search/search-layout.tsx',
  donations: 'src/features/donations/donations-layout.tsx',
  'gift-card': 'src/features/gift-card/gift-card-layout.tsx',
  subscription: 'src/features/subscription/subscription-layout.tsx',
} as const satisfies Record<CmsTemplate | 'shop' | 'story' | 'freeStreamingAlbum' | FamilyPage, string>;

export type Screen = keyof typeof screenSources;

/**
 * The web app's table of the screens of the pages the browser renders
 * (web/src/app/browser-screens.ts): such a page's screen loads after it, so
 * every page asks for it ahead. A page the server renders does not fetch
 * ahead (html.ts), so only the pages the browser renders do.
 */
export const browserScreenTable = 'src/app/browser-screens.ts';

/** The CMS page, the screen every CMS template's layout is drawn in (decision 050): asked for with the layout. */
export const cmsPageSource = 'src/features/cms/cms-page.tsx';

/** The screens that are pages of their own, not a CMS template's layout. */
const notCmsScreens: ReadonlySet<Screen> = new Set<Screen>(['shop', 'story', 'freeStreamingAlbum', ...familyPages]);

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** What a page links to ahead: module scripts to preload, the stylesheets its screen brings, the fonts it shows. */
export interface ScreenAssets {
  modules: string[];
  styles: string[];
  fonts: string[];
}

/**
 * The display face's files a language's headings use (web/src/ui/fonts.css: Nunito 800, a file a script): the
 * latin one holds the spaces, digits and punctuation every language's headings have, the cyrillic one Russian's
 * letters. Preloaded, each is asked for beside the stylesheet instead of once the stylesheet has been read and the
 * page laid out (a round trip later on a phone).
 */
const latinFace = '../node_modules/@fontsource/nunito/files/nunito-latin-800-normal.woff2';
export const displayFaceSources: Record<LangCode, readonly string[]> = {
  en: [latinFace],
  es: [latinFace],
  ru: [latinFace, '../node_modules/@fontsource/nunito/files/nunito-cyrillic-800-normal.woff2'],
};

/**
 * Reads the build's manifest (web/dist/.vite/manifest.json) once; answers
 * the assets of the app, a language's messages and a screen, each with the
 * chunks it imports, leaving out the entry and what the entry already brings.
 */
export function screenAssets(root: string): (lang: LangCode, screen: Screen | undefined) => ScreenAssets {
  const file = path.join(root, '.vite/manifest.json');
  const manifest: Record<string, Chunk> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const chunks = Object.entries(manifest);
  const entryKey = chunks.find(([, c]) => c.isEntry)?.[0];
  const keyOfSource = (source: string) => chunks.find(([, c]) => c.src === source)?.[0];

  const inEntry = new Set<string>();
  const walk = (key: string | undefined, into: Set<string>) => {
    if (!key || into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep, into);
  };
  walk(entryKey, inEntry);

  const cache = new Map<string, ScreenAssets>();
  return (lang, screen) => {
    const id = `${lang} ${screen ?? ''}`;
    const known = cache.get(id);
    if (known) return known;
    const keys = new Set<string>();
    // The app itself, which the entry (web/src/main.tsx) imports once the page has painted (decision 081): a page the
    // browser renders asks for it ahead, with its screen.
    for (const app of (entryKey && manifest[entryKey]?.dynamicImports) || []) walk(app, keys);
    walk(keyOfSource(`../packages/i18n/src/catalogs/${lang}.json`), keys);
    walk(keyOfSource(browserScreenTable), keys);
    if (screen && !notCmsScreens.has(screen)) walk(keyOfSource(cmsPageSource), keys);
    if (screen) walk(keyOfSource(screenSources[screen]), keys);
    const own = [...keys].filter((k) => !inEntry.has(k)).map((k) => manifest[k] as Chunk);
    const assets = {
      modules: own.map((c) => `/${c.file}`),
      styles: [...new Set(own.flatMap((c) => c.css ?? []))].map((f) => `/${f}`),
      fonts: displayFaceSources[lang].flatMap((source) => {
        const file = manifest[keyOfSource(source) ?? '']?.file;
        return file ? [`/${file}`] : [];
      }),
    };
    cache.set(id, assets);
    return assets;
  };
}
