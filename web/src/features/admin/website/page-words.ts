import { type AdminCmsEntryRow, adminPageRoutes, type CmsTemplate, type LangCode, pageRoutes } from '@storyhouse/contracts';
import type { MessageKey } from '@storyhouse/i18n';
import type { useI18n } from '../../../lib/i18n';

type Translate = ReturnType<typeof useI18n>['t'];

/** The entry types of spec §2 as a volunteer names them; the Record type makes a new type without words a compile error. */
const templates: Record<CmsTemplate, MessageKey> = {
  'basic-subpage': 'admin.pages.template.basic-subpage',
  search: 'admin.pages.template.search',
  'free-mp3': 'admin.pages.template.free-mp3',
  'free-streaming': 'admin.pages.template.free-streaming',
  'home-page': 'admin.pages.template.home-page',
  'store-product-list': 'admin.pages.template.store-product-list',
  'gift-card': 'admin.pages.template.gift-card',
  subscription: 'admin.pages.template.subscription',
  'contact-us': 'admin.pages.template.contact-us',
  donations: 'admin.pages.template.donations',
  guestbook: 'admin.pages.template.guestbook',
};

export type PageState = 'published' | 'draft' | 'changed';

const states: Record<PageState, MessageKey> = {
  published: 'admin.pages.statusName.published',
  draft: 'admin.pages.statusName.draft',
  changed: 'admin.pages.statusName.changed',
};

export const templateLabel = (t: Translate, type: CmsTemplate) => t(templates[type]);

/** Where a page stands: never published, published as drafted, or published with changes waiting. */
export const pageState = (entry: Pick<AdminCmsEntryRow, 'status' | 'has_draft'>): PageState =>
  entry.status === 'draft' ? 'draft' : entry.has_draft ? 'changed' : 'published';
export const pageStateLabel = (t: Translate, state: PageState) => t(states[state]);

/** A language's own name (English, Español, русский), as a list or a filter names it. */
export const langName = (t: Translate, lang: LangCode) => t(`lang.${lang}`);
/** A language named within a sentence ("Create the Spanish version", "la versión en español"). */
export const langInSentence = (t: Translate, lang: LangCode) => t(`admin.pages.langIn.${lang}`);

/** The editor of a page, and its draft's preview. */
export const pageHref = (id: number) => adminPageRoutes.adminPage.paths[0].replace(':id', String(id));
export const pagePreviewHref = (id: number) => pageRoutes.adminPagePreview.paths[0].replace(':id', String(id));
