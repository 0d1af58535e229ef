import {
  type CmsDonation,
  type CmsEntry,
  type CmsTemplate,
  type ContentByUrlResponse,
  cmsPath,
  cmsSitePath,
  DONATION_USD,
  type HomeFields,
  homeFieldNames,
  type LangCode,
  langCodes,
  type NavigationItem,
  type SiteNavigationResponse,
  usdAmount,
} from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { type Serialized, serialized } from '../../lib/precompressed';
import { cmsText, sanitizeCmsHtml, withHeadingAnchors } from '../../lib/rich-text';
import { ttlCache } from '../../lib/ttl-cache';
import { type CmsEntryRow, cmsRepository } from './cms.repository';
import { navigationTree } from './navigation';

/** What the server puts in a CMS page's <head> (web plugin). */
export interface CmsPageMeta {
  /** The page's own address on its site (its canonical path, however it was asked for). */
  path: string;
  title: string;
  description: string;
  image: string | null;
  /** This page's path on each language's site. */
  alternates: Partial<Record<LangCode, string>>;
  /** Its layout, whose code the page links to ahead. */
  template: CmsTemplate;
}

/** A page as served: the response body already serialized (and compressed once, on demand), and its head. */
export interface CmsPage extends Serialized {
  body: ContentByUrlResponse;
  meta: CmsPageMeta;
}

/** The site navigation as served, like a page. */
export interface CmsNavigation extends Serialized {
  body: SiteNavigationResponse;
}

const isLang = (s: string): s is LangCode => (langCodes as readonly string[]).includes(s);

/** Home fields that hold rich text; the others are titles and links. */
const richHomeField = (name: string) => name.endsWith('Description') || name.endsWith('Content');

function homeFields(raw: unknown): HomeFields {
  const out: HomeFields = {};
  const source = (raw ?? {}) as Record<string, unknown>;
  for (const name of homeFieldNames) {
    const value = source[name];
    if (typeof value === 'string' && value !== '') out[name] = richHomeField(name) ? sanitizeCmsHtml(value) : value;
  }
  return out;
}

/** An amount a donation line takes (DONATION_USD: a $0.50 button would add what no card can pay, issue 26 item 10). */
const DonationAmount = usdAmount(DONATION_USD);

/**
 * Donation blocks; the CMS keeps amounts as a comma-separated string of
 * numbers (spec §3), of which only those a donation can be are offered.
 */
function donations(raw: unknown): CmsDonation[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((d: Record<string, string>) => ({
    code: { value: d.code ?? '' },
    monthly_code: { value: d.monthly_code ?? '' },
    title: { value: d.title ?? '' },
    monthly_title: { value: d.monthly_title ?? '' },
    description: { value: sanitizeCmsHtml(d.description ?? '') },
    amounts: String(d.amounts ?? '')
      .split(',')
      .map((a) => Number(a.trim()))
      .filter((n) => DonationAmount.safeParse(n).success),
  }));
}

const stringList = (raw: unknown) => (Array.isArray(raw) ? raw.filter((s): s is string => typeof s === 'string') : []);

/**
 * A stored entry as the API serves it; every HTML field sanitized again on
 * the way out, and the headings of the page's texts given ids to link to.
 */
export function toCmsEntry(row: CmsEntryRow): CmsEntry {
  const [intro = '', main = '', sidebar = ''] = withHeadingAnchors(
    [row.intro, row.main_content, row.sidebar_content].map(sanitizeCmsHtml),
  );
  return {
    id: row.id,
    url: row.url,
    lang_code: row.lang_code as LangCode,
    type: row.type as CmsTemplate,
    title: row.title,
    description: row.description,
    intro,
    main_content: main,
    main_image: row.main_image,
    main_image_alt: row.main_image_alt,
    sidebar_content: sidebar,
    sidebar_image: row.sidebar_image,
    sidebar_image_alt: row.sidebar_image_alt,
    response: sanitizeCmsHtml(row.response),
    add_newsletter: row.add_newsletter,
    product_type: row.product_type,
    scripts: stringList(row.scripts),
    stylesheets: stringList(row.stylesheets),
    // Only whether there is one: the file goes out solely through a verified form (free-mp3 module).
    freeMp3: row.mp3 !== null && row.mp3 !== '',
    free_story_title: row.free_story_title,
    home: homeFields(row.home),
    donations: donations(row.donations),
    updated_at: new Date(row.updated_at as unknown as string).toISOString(),
  };
}

/** The top-level item whose branch holds `path`, and how deep `path` sits (0: not in the menu). */
function navigationBranch(items: NavigationItem[], path: string) {
  const depthOf = (item: NavigationItem, depth: number): number => {
    if (cmsPath(item.url) === path) return depth;
    for (const child of item.children) {
      const d = depthOf(child, depth + 1);
      if (d) return d;
    }
    return 0;
  };
  for (const item of items) {
    const depth = depthOf(item, 1);
    if (depth) return { branch: item, depth };
  }
  return { branch: null, depth: 0 };
}

export function cmsService(db: Db, opts: { cacheMs: number }) {
  const repo = cmsRepository(db);
  // Pages and the navigation every page view asks for are kept alike: for CMS_CACHE_MS, so an edit of either shows
  // within that time.
  const pages = ttlCache<CmsPage | null>(opts.cacheMs);
  const navigations = ttlCache<CmsNavigation>(opts.cacheMs, 1);

  /** A page's answer and head from its entry: the published one, or a draft an admin previews. */
  async function pageOf(row: CmsEntryRow): Promise<Omit<CmsPage, keyof Serialized>> {
    const lang = row.lang_code as LangCode;
    const path = row.url;
    const [navRows, translations] = await Promise.all([repo.listNavigation(), repo.translations(row.translation_key)]);
    const navigation = navigationTree(navRows.filter((r) => r.lang_code === lang));
    const { branch, depth } = navigationBranch(navigation, path);
    const alternates: Partial<Record<LangCode, string>> = {};
    for (const t of translations) if (isLang(t.lang_code)) alternates[t.lang_code] = cmsSitePath(t.url);
    const entry = toCmsEntry(row);
    const body: ContentByUrlResponse = {
      cms_entry: entry,
      cms_template: entry.type,
      navigation,
      cms_entry_navigation: branch,
      cms_entry_navigation_levels_deep: depth,
      alternates,
    };
    const description = entry.description || cmsText(entry.intro || entry.main_content).slice(0, 200);
    return {
      body,
      meta: {
        path: cmsSitePath(row.url),
        title: entry.title,
        description,
        image: entry.main_image,
        alternates,
        template: entry.type,
      },
    };
  }

  async function loadPage(lang: LangCode, path: string): Promise<CmsPage | null> {
    const row = await repo.findPublished(lang, path);
    if (!row) return null;
    const page = await pageOf(row);
    return { ...serialized(page.body), ...page };
  }

  return {
    /** The published page of a site language at a path (any form: '', '/About/', '/index'), cached briefly. */
    page(lang: LangCode, url: string): Promise<CmsPage | null> {
      const path = cmsPath(url);
      return pages(`${lang} ${path}`, () => loadPage(lang, path));
    },

    /** The navigation of every language (the same answer on every site: the shell picks its language's items), cached briefly. */
    navigation(): Promise<CmsNavigation> {
      return navigations('all', async () => {
        const body = { items: navigationTree(await repo.listNavigation()) };
        return { ...serialized(body), body };
      });
    },

    /**
     * After a save of the navigation: this instance answers the new menu at
     * once. Pages carry the menu too, so they are read again as well; other
     * instances follow within CMS_CACHE_MS.
     */
    forgetNavigation() {
      navigations.clear();
      pages.clear();
    },

    async pageOrThrow(lang: LangCode, url: string): Promise<CmsPage> {
      const page = await this.page(lang, url);
      if (!page) throw new AppError('not_found', 'page_not_found');
      return page;
    },

    /** The CMS text of an offer page (gift card, subscription) in the site language, if the CMS has one. */
    async entryOfType(lang: LangCode, type: CmsTemplate): Promise<CmsEntry | null> {
      const row = await repo.findPublishedByType(lang, type);
      return row ? toCmsEntry(row) : null;
    },

    /** A page as it would be served from an entry that is not the published one (an admin's preview of a draft); never cached. */
    async preview(row: CmsEntryRow): Promise<ContentByUrlResponse> {
      return (await pageOf(row)).body;
    },

    /** Forgets the pages and navigation kept: after a publish, this instance shows it at once (others within CMS_CACHE_MS). */
    forget() {
      pages.clear();
      navigations.clear();
    },
  };
}

export type CmsService = ReturnType<typeof cmsService>;
