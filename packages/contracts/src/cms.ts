import { z } from 'zod';
import { SiteQuery } from './common';
import { LangCode } from './lang';
import { NavigationItem } from './navigation';
import { text } from './text-fields';

/** Spec §2 CMS page: the layout ("template key") of each entry. */
export const cmsTemplates = [
  'basic-subpage',
  'search',
  'free-mp3',
  'free-streaming',
  'home-page',
  'store-product-list',
  'gift-card',
  'subscription',
  'contact-us',
  'donations',
  'guestbook',
] as const;
export const CmsTemplate = z.enum(cmsTemplates);
export type CmsTemplate = z.infer<typeof CmsTemplate>;

/** Home content fields (spec §3), each optional text; links are site paths or absolute URLs. */
export const homeFieldNames = [
  'homeMainTitle',
  'homeMainDescription',
  'homeMainLink',
  'homeMainLinkTitle',
  'homeMainTitle2',
  'homeMainDescription2',
  'homeMainLink2',
  'homeMainLinkTitle2',
  'homeAnnouncementTitle',
  'homeAnnouncementDescription',
  'homeAnnouncementLink',
  'homeAnnouncementLinkTitle',
  'homeKidsCornerContent',
  'homeKidsCornerItem1Image',
  'homeKidsCornerItem1Link',
  'homeKidsCornerItem1LinkTitle',
  'homeKidsCornerItem2Image',
  'homeKidsCornerItem2Link',
  'homeKidsCornerItem2LinkTitle',
  'homeKidsCornerLink',
  'homeKidsCornerLinkTitle',
  'homeExploreContent',
  'homeExploreLink',
  'homeExploreLinkTitle',
] as const;
export type HomeFieldName = (typeof homeFieldNames)[number];
export const HomeFields = z
  .partialRecord(z.enum(homeFieldNames), z.string())
  .describe('Home content fields; *Description and *Content fields are sanitized HTML')
  .meta({ id: 'HomeFields' });
export type HomeFields = z.infer<typeof HomeFields>;

/** One donation block of a donations page (spec §3 Donation (CMS)). */
export const CmsDonation = z
  .object({
    code: z.object({ value: z.string() }),
    monthly_code: z.object({ value: z.string() }),
    title: z.object({ value: z.string() }),
    monthly_title: z.object({ value: z.string() }),
    description: z.object({ value: z.string() }),
    /** Parsed from the CMS's comma-separated string of numbers. */
    amounts: z.array(z.number().positive()),
  })
  .meta({ id: 'CmsDonation' });
export type CmsDonation = z.infer<typeof CmsDonation>;

/** A CMS entry as served: rich-text fields are sanitized HTML, image fields storage paths for /crud/image/resize. */
export const CmsEntry = z
  .object({
    id: z.number().int(),
    url: z.string(),
    lang_code: LangCode,
    type: CmsTemplate,
    title: z.string(),
    description: z.string().describe('Plain text for search results and social previews'),
    intro: z.string().describe('Sanitized HTML'),
    main_content: z.string().describe('Sanitized HTML'),
    main_image: z.string().nullable(),
    main_image_alt: z.string(),
    sidebar_content: z.string().describe('Sanitized HTML'),
    sidebar_image: z.string().nullable(),
    sidebar_image_alt: z.string(),
    response: z.string().describe('Sanitized HTML shown after a form is sent'),
    add_newsletter: z.boolean(),
    product_type: z.string().nullable(),
    scripts: z.array(z.string()),
    stylesheets: z.array(z.string()),
    /**
     * Whether the page offers a free MP3 (free-mp3 pages). Never the file's
     * key or link: those come only in the answer to a verified form
     * (FreeMp3Grant), so the captcha cannot be skipped.
     */
    freeMp3: z.boolean(),
    free_story_title: z.string(),
    home: HomeFields,
    donations: z.array(CmsDonation),
    updated_at: z.string(),
  })
  .meta({ id: 'CmsEntry' });
export type CmsEntry = z.infer<typeof CmsEntry>;

/** GET /crud/content/entry/by/url */
export const ContentByUrlQuery = SiteQuery.extend({
  url: text().min(1).max(300).describe('Site path; an empty path is /index'),
});
export const ContentByUrlResponse = z
  .object({
    cms_entry: CmsEntry,
    cms_template: CmsTemplate,
    /** The site navigation of the site language. */
    navigation: z.array(NavigationItem),
    /** The navigation branch this page belongs to (its top-level item and children), for a section menu. */
    cms_entry_navigation: NavigationItem.nullable(),
    /** How deep this page sits in the navigation (1 = top level, 0 = not in the menu). */
    cms_entry_navigation_levels_deep: z.number().int(),
    /** This page on the other language sites, by language (hreflang alternates). */
    alternates: z.partialRecord(LangCode, z.string()),
  })
  .meta({ id: 'ContentByUrl' });
export type ContentByUrlResponse = z.infer<typeof ContentByUrlResponse>;

/** GET /crud/content/entry/gift-card and /subscription: the CMS text of those offers. */
export const ContentEntryResponse = z.object({ cms_entry: CmsEntry.nullable() }).meta({ id: 'ContentEntry' });

/** The stored form of a path: lower-case, no trailing slash, empty becomes /index (spec §2). */
export function cmsPath(path: string): string {
  const clean = (path.split(/[?#]/)[0] ?? '').replace(/\/+$/, '').toLowerCase();
  return clean === '' ? '/index' : clean.startsWith('/') ? clean : `/${clean}`;
}

/** The address on the site of a stored path: the home page /index is /. */
export function cmsSitePath(stored: string): string {
  return stored === '/index' ? '/' : stored;
}
