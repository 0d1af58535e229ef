import { z } from 'zod';
import { StorageKey } from './admin-media';
import { DONATION_USD } from './cart';
import { CmsTemplate, homeFieldNames } from './cms';
import { SiteQuery } from './common';
import { LangCode } from './lang';
import { Id, IdParam, wholeNumberParam } from './numbers';
import { optionalText, requiredText, text } from './text-fields';

/**
 * Issue 30 item 3: CMS pages edited in the back office. An entry keeps what
 * the site shows (its published fields) and, while an admin works on it, a
 * draft of every field; publishing makes the draft the page. Every call is
 * under /crud/admin/ and for admins acting as themselves only.
 */

/** The version (updated_at) a client read, as the API wrote it. */
const Version = text().max(40).pipe(z.iso.datetime());

/** Rich text as the editor sends it; the server's sanitizer cleans it on the way in and out. */
const RichText = text().max(100_000).default('');

/** A stored path: lower-case, starting with `/` (the home page is /index), as the site's addresses are (spec §2). */
export const CmsUrl = text()
  .trim()
  .max(300)
  .regex(/^\/[a-z0-9][a-z0-9/_.-]*$/, { error: 'admin.pages.urlInvalid' })
  .refine((u) => !u.endsWith('/') && !u.includes('//') && !u.includes('..'), { error: 'admin.pages.urlInvalid' });

/** A link an editor types: a site path (`/shop`, `/contact#form`) or an http(s) address; never `javascript:` or `//host`. */
export const CmsLink = text()
  .trim()
  .max(500)
  .regex(/^(\/(?!\/)[^\s\\]*|https?:\/\/[^\s/\\]+[^\s\\]*)?$/i, { error: 'admin.pages.linkInvalid' });

/** A script or stylesheet the page loads (spec §2 Basic subpage): a site path or an https address. */
const AssetUrl = text()
  .trim()
  .max(500)
  .regex(/^(\/(?!\/)[^\s\\]+|https:\/\/[^\s/\\]+[^\s\\]*)$/i, { error: 'admin.pages.assetInvalid' });

/** A donation line's code in the cart (spec §3 Donation (CMS)): a fund's code. */
const DonationCode = text()
  .trim()
  .max(60)
  .regex(/^[a-z0-9_]*$/, { error: 'admin.pages.codeInvalid' });

/** Spec §3: a donation block's amounts, a comma-separated string of numbers, each one a donation can be. */
export const DonationAmounts = text()
  .trim()
  .max(200)
  .refine(
    (s) =>
      s === '' ||
      s.split(',').every((a) => {
        const n = Number(a.trim());
        return /^\d+(\.\d{1,2})?$/.test(a.trim()) && n >= DONATION_USD.min && n <= DONATION_USD.max;
      }),
    { error: 'admin.pages.amountsInvalid' },
  );

/** One donation block as an editor writes it (spec §3 Donation (CMS)). */
export const CmsDonationInput = z.strictObject({
  code: DonationCode.min(1),
  monthly_code: DonationCode.default(''),
  title: requiredText(200),
  monthly_title: optionalText(200),
  description: RichText,
  amounts: DonationAmounts.default(''),
});
export type CmsDonationInput = z.infer<typeof CmsDonationInput>;

/** Home fields that hold a link, and those that hold rich text (the rest are titles, and the Kids Corner's images). */
export const isHomeLinkField = (name: string) => /Link\d?$/.test(name);
export const isHomeRichField = (name: string) => name.endsWith('Description') || name.endsWith('Content');
export const isHomeImageField = (name: string) => name.endsWith('Image');

/** The home page's fields (spec §3 Home content fields), each checked by what it holds. */
export const HomeFieldsInput = z.strictObject(
  Object.fromEntries(
    homeFieldNames.map((name) => [
      name,
      (isHomeLinkField(name)
        ? CmsLink
        : isHomeRichField(name)
          ? text().max(20_000)
          : isHomeImageField(name)
            ? z.union([z.literal(''), StorageKey])
            : text().trim().max(200)
      ).optional(),
    ]),
  ) as unknown as Record<(typeof homeFieldNames)[number], z.ZodOptional<z.ZodType<string, string>>>,
);

/**
 * Everything an editor changes on a page (spec §3 CMS entry). The entry type
 * decides which of them its layout shows; the others keep what they hold.
 */
export const CmsEntryFields = z
  .strictObject({
    url: CmsUrl,
    type: CmsTemplate,
    title: requiredText(200),
    /** Plain text for search results and social previews. */
    description: optionalText(300),
    intro: RichText,
    main_content: RichText,
    main_image: StorageKey.nullable().default(null),
    main_image_alt: optionalText(300),
    sidebar_content: RichText,
    sidebar_image: StorageKey.nullable().default(null),
    sidebar_image_alt: optionalText(300),
    /** Shown after the page's form is sent (contact-us). */
    response: RichText,
    add_newsletter: z.boolean().default(false),
    /** The product type a store list shows (store-product-list). */
    product_type: optionalText(60),
    scripts: z.array(AssetUrl).max(10).default([]),
    stylesheets: z.array(AssetUrl).max(10).default([]),
    /** The storage key of the free MP3 (free-mp3 pages). */
    mp3: StorageKey.nullable().default(null),
    free_story_title: optionalText(200),
    home: HomeFieldsInput.default({}),
    donations: z.array(CmsDonationInput).max(10).default([]),
  })
  .meta({ id: 'CmsEntryFields' });
export type CmsEntryFields = z.infer<typeof CmsEntryFields>;
export type CmsEntryFieldsInput = z.input<typeof CmsEntryFields>;

export const CmsEntryStatus = z.enum(['draft', 'published']);
export type CmsEntryStatus = z.infer<typeof CmsEntryStatus>;

/** The same page in another language (entries sharing the translation key). */
export const CmsTranslation = z.object({
  id: z.number().int(),
  lang_code: LangCode,
  url: z.string(),
  title: z.string(),
  status: CmsEntryStatus,
  has_draft: z.boolean(),
});
export type CmsTranslation = z.infer<typeof CmsTranslation>;

/** GET /crud/admin/cms/entries/{id}: a page as its editor opens it. */
export const AdminCmsEntry = z
  .object({
    id: z.number().int(),
    lang_code: LangCode,
    /** Entries of one page in the three languages share it (the site's hreflang alternates). */
    translation_key: z.string().nullable(),
    /** published: the site shows `published`; draft: never published, the site shows nothing. */
    status: CmsEntryStatus,
    /** The draft differs from what the site shows (changes not published yet). */
    has_draft: z.boolean(),
    /** When the entry last changed; a save or publish sends back the one it read, and a stale one is refused (409). */
    updated_at: z.string(),
    /** The fields the editor works on: the draft, or the published fields when there is no draft. */
    fields: CmsEntryFields,
    /** What the site shows now (null while never published). */
    published: CmsEntryFields.nullable(),
    translations: z.array(CmsTranslation),
    /** Rich-text fields whose unsafe parts (scripts, event attributes, javascript: links) the last save removed. */
    cleaned: z.array(z.string()),
  })
  .meta({ id: 'AdminCmsEntry' });
export type AdminCmsEntry = z.infer<typeof AdminCmsEntry>;

export const AdminCmsEntryParams = z.strictObject({ id: IdParam });

/** PUT /crud/admin/cms/entries/{id}: saves the draft; the site goes on showing the published page. */
export const SaveCmsEntryBody = z
  .strictObject({
    /** The entry's updated_at as read: another admin's save since then is refused with 409 (never overwritten). */
    updated_at: Version,
    fields: CmsEntryFields,
  })
  .meta({ id: 'SaveCmsEntryBody' });
export type SaveCmsEntryBody = z.input<typeof SaveCmsEntryBody>;

/** POST /crud/admin/cms/entries/{id}/publish: the draft becomes the page the site shows. */
export const PublishCmsEntryBody = z.strictObject({ updated_at: Version }).meta({ id: 'PublishCmsEntryBody' });

/** POST /crud/admin/cms/entries: a new page, as a draft; `translation_of` makes it that page's version in `lang_code`. */
export const CreateCmsEntryBody = z
  .strictObject({
    lang_code: LangCode,
    type: CmsTemplate,
    url: CmsUrl,
    title: requiredText(200),
    translation_of: Id.optional(),
  })
  .meta({ id: 'CreateCmsEntryBody' });
export type CreateCmsEntryBody = z.input<typeof CreateCmsEntryBody>;

export const ADMIN_CMS_PER_PAGE = 50;

/** GET /crud/admin/cms/entries: the pages, filtered by type, language, status and a search of title and path. */
export const AdminCmsEntriesQuery = SiteQuery.extend({
  page: wholeNumberParam(1, 100000).default(1),
  type: CmsTemplate.optional(),
  lang_code: LangCode.optional(),
  /** draft: never published; changed: published with a draft not published yet. */
  status: z.enum(['draft', 'published', 'changed']).optional(),
  search: text().trim().max(100).default(''),
});
export type AdminCmsEntriesQuery = z.input<typeof AdminCmsEntriesQuery>;

export const AdminCmsEntryRow = z.object({
  id: z.number().int(),
  lang_code: LangCode,
  type: CmsTemplate,
  url: z.string(),
  title: z.string(),
  status: CmsEntryStatus,
  has_draft: z.boolean(),
  translation_key: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminCmsEntryRow = z.infer<typeof AdminCmsEntryRow>;

export const AdminCmsEntriesResponse = z
  .object({
    items: z.array(AdminCmsEntryRow),
    page: z.number().int(),
    per_page: z.number().int(),
    count: z.number().int(),
  })
  .meta({ id: 'AdminCmsEntries' });
export type AdminCmsEntriesResponse = z.infer<typeof AdminCmsEntriesResponse>;

/** The fields of the layouts that frame a page in columns: intro, main content, sidebar, newsletter (CmsColumns). */
const columns = ['main_image', 'intro', 'main_content', 'sidebar_content', 'sidebar_image', 'add_newsletter'] as const;

/**
 * Which fields each entry type's layout shows (spec §2 CMS page), so the
 * editor offers only those (an image field includes its alt text). Every type
 * but the home page has a header with its title and optional image.
 */
export const cmsTypeFields: Record<CmsTemplate, readonly (keyof CmsEntryFields)[]> = {
  'basic-subpage': [...columns, 'scripts', 'stylesheets'],
  search: ['main_image', 'intro'],
  'free-mp3': ['main_image', 'intro', 'mp3', 'free_story_title'],
  'free-streaming': columns,
  'home-page': ['main_image', 'free_story_title', 'home'],
  'store-product-list': ['main_image', 'intro', 'product_type'],
  'gift-card': columns,
  subscription: columns,
  'contact-us': ['main_image', 'intro', 'response'],
  donations: [...columns, 'donations'],
  guestbook: ['main_image', 'intro'],
};
