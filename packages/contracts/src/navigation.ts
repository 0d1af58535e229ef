import { z } from 'zod';
import { LangCode } from './lang';

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
