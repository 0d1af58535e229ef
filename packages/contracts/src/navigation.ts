import { z } from 'zod';
import { LangCode } from './lang';
import { Id, INT4_MAX, wholeNumber } from './numbers';
import { requiredText } from './text-fields';

export interface NavigationItem {
  id: number;
  title: string;
  url: string;
  lang_code: LangCode;
  children: NavigationItem[];
}

/** One entry of the CMS site navigation; children show as a dropdown. */
export const NavigationItem: z.ZodType<NavigationItem> = z
  .object({
    id: z.number().int(),
    title: z.string(),
    url: z.string().describe('Site path (internal) or absolute URL (external)'),
    lang_code: LangCode.describe('Items of another language than the site are hidden'),
    get children() {
      return z.array(NavigationItem);
    },
  })
  .meta({ id: 'NavigationItem' });

/** GET /crud/content/entry/list/site-navigation */
export const SiteNavigationResponse = z.object({ items: z.array(NavigationItem) }).meta({ id: 'SiteNavigation' });
export type SiteNavigationResponse = z.infer<typeof SiteNavigationResponse>;

/*
 * Issue 30 item 3: the site navigation edited in the back office, one
 * language's menu at a time, through the rules below (the form and the
 * server share them).
 */

/**
 * How deep the storefront shows the menu: top-level items and, under each,
 * one level of children (the header's dropdown, a page's section menu). A
 * grandchild would be saved and never shown, so it is refused.
 */
export const NAVIGATION_MAX_DEPTH = 2;
export const NAVIGATION_TITLE_MAX = 60;
export const NAVIGATION_URL_MAX = 500;
/** Items in one language's menu, all levels together; a header holds far fewer. */
export const NAVIGATION_MAX_ITEMS = 200;

// Characters no menu address needs, and which would let one break out of an attribute or hide a second address.
const UNSAFE = /[\s\p{Cc}<>"'`\\]/u;

/**
 * Where a menu item may lead: a path of this site ("/about", "/shop?page=2"),
 * never "//host" (another site, read as a path) nor a script ("javascript:"
 * does not start with "/"); or, for a partner's page, an absolute http(s)
 * address, which the header opens in a new tab.
 */
export function isMenuUrl(url: string): boolean {
  if (UNSAFE.test(url)) return false;
  if (url.startsWith('/')) return !url.startsWith('//');
  return /^https?:\/\/[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?([/?#].*)?$/i.test(url);
}

/** A menu item's words: plain text, no markup (the header shows it as text, and a `<` is always a mistake here). */
export const NavigationTitle = requiredText(NAVIGATION_TITLE_MAX).refine((v) => !/[<>]/.test(v), {
  error: 'admin.navigation.error.titleMarkup',
});

export const NavigationUrl = requiredText(NAVIGATION_URL_MAX).refine(isMenuUrl, { error: 'admin.navigation.error.urlInvalid' });

/** The `{lang}` of /crud/admin/navigation/{lang}: the site language whose menu it is. */
export const AdminNavigationParams = z.strictObject({ lang: LangCode });

const editFields = {
  /** The item's id as the menu last answered it; null for an item added in this edit. */
  id: Id.nullable(),
  title: NavigationTitle,
  url: NavigationUrl,
};

/** A child: its `children` must be empty (NAVIGATION_MAX_DEPTH). */
const NavigationEditChild = z.strictObject({
  ...editFields,
  // Whatever a grandchild holds, there is none to be: refused as one, at `children`.
  children: z.array(z.looseObject({})).max(0, { error: 'admin.navigation.error.tooDeep' }),
});

export const NavigationEditItem = z
  .strictObject({ ...editFields, children: z.array(NavigationEditChild).max(NAVIGATION_MAX_ITEMS) })
  .meta({ id: 'NavigationEditItem' });
export type NavigationEditItem = z.input<typeof NavigationEditItem>;

/**
 * PUT /crud/admin/navigation/{lang}: the language's whole menu as it is to
 * be, in order, children nested under their parent; it replaces the stored
 * one. An item keeps its id (and is moved, renamed) or, with id null, is
 * added; a stored item left out is removed. The nesting is the structure
 * itself, so no item can be its own ancestor; an id given twice (an item
 * inside itself, or in two places), an id of another language's menu and an
 * id the menu does not have are refused, each at its place
 * (`items.0.children.1.id`).
 */
export const AdminNavigationBody = z
  .strictObject({
    /** The version the edit was made from (the GET's); another admin's save since then makes it stale (409). */
    version: wholeNumber(0, INT4_MAX),
    items: z.array(NavigationEditItem).max(NAVIGATION_MAX_ITEMS),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<number>();
    let count = 0;
    body.items.forEach((item, i) => {
      const places: [NavigationEditItem, (string | number)[]][] = [
        [item, ['items', i]],
        ...item.children.map((child, j): [NavigationEditItem, (string | number)[]] => [
          child as NavigationEditItem,
          ['items', i, 'children', j],
        ]),
      ];
      for (const [entry, path] of places) {
        count += 1;
        if (entry.id === null) continue;
        if (seen.has(entry.id))
          ctx.addIssue({ code: 'custom', path: [...path, 'id'], message: 'admin.navigation.error.duplicateItem' });
        seen.add(entry.id);
      }
    });
    if (count > NAVIGATION_MAX_ITEMS) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'admin.navigation.error.tooMany' });
    }
  })
  .meta({ id: 'AdminNavigationBody' });
export type AdminNavigationBody = z.input<typeof AdminNavigationBody>;

/** GET and PUT /crud/admin/navigation/{lang}: the language's menu as stored, and its version. */
export const AdminNavigationResponse = z
  .object({
    lang_code: LangCode,
    /** Moves on by one with every save; a save names the version it was made from. */
    version: z.number().int(),
    /** When it was last saved in the back office; null before the first save. */
    updated_at: z.string().nullable().describe('ISO date-time'),
    items: z.array(NavigationItem),
  })
  .meta({ id: 'AdminNavigation' });
export type AdminNavigationResponse = z.infer<typeof AdminNavigationResponse>;
