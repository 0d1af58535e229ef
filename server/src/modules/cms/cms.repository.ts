import type { CmsTemplate, HomeFields, LangCode } from '@storyhouse/contracts';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { CmsEntries } from '../../db/schema';
import { sanitizeCmsHtml } from '../../lib/rich-text';

export interface NavigationRow {
  id: number;
  parent_id: number | null;
  lang_code: string;
  title: string;
  url: string;
  position: number;
}

export type CmsEntryRow = Omit<Selectable<CmsEntries>, 'search_vector' | 'draft'>;

/** A page as an editor (or the demo seed) writes it; rich text is sanitized on the way in as well as out. */
export interface CmsEntryInput {
  lang_code: LangCode;
  url: string;
  type: CmsTemplate;
  status?: 'draft' | 'published';
  translation_key?: string;
  title?: string;
  description?: string;
  intro?: string;
  main_content?: string;
  main_image?: string;
  main_image_alt?: string;
  sidebar_content?: string;
  sidebar_image?: string;
  sidebar_image_alt?: string;
  response?: string;
  add_newsletter?: boolean;
  product_type?: string;
  scripts?: string[];
  stylesheets?: string[];
  mp3?: string;
  free_story_title?: string;
  home?: HomeFields;
  donations?: {
    code: string;
    monthly_code: string;
    title: string;
    monthly_title: string;
    description: string;
    amounts: string;
  }[];
}

export const entryColumns = [
  'id',
  'lang_code',
  'url',
  'type',
  'status',
  'translation_key',
  'title',
  'description',
  'intro',
  'main_content',
  'main_image',
  'main_image_alt',
  'sidebar_content',
  'sidebar_image',
  'sidebar_image_alt',
  'response',
  'add_newsletter',
  'product_type',
  'scripts',
  'stylesheets',
  'mp3',
  'free_story_title',
  'home',
  'donations',
  'created_at',
  'updated_at',
] as const;

const richTextFields = ['intro', 'main_content', 'sidebar_content', 'response'] as const;

export function cmsRepository(db: Db) {
  return {
    listNavigation(): Promise<NavigationRow[]> {
      return db
        .selectFrom('site_navigation')
        .select(['id', 'parent_id', 'lang_code', 'title', 'url', 'position'])
        .orderBy('position')
        .orderBy('id')
        .execute();
    },
    async insertNavigation(item: { parent_id?: number | null; lang_code: string; title: string; url: string; position: number }) {
      const row = await db.insertInto('site_navigation').values(item).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** A language's menu version (site_navigation_versions, migration 0060). */
    navigationVersion(lang: LangCode): Promise<{ version: number; updated_at: Date | null }> {
      return db
        .selectFrom('site_navigation_versions')
        .select(['version', 'updated_at'])
        .where('lang_code', '=', lang)
        .executeTakeFirstOrThrow() as Promise<{ version: number; updated_at: Date | null }>;
    },

    /**
     * Moves a language's menu version on by one if it is still `from`, and
     * holds the row until the transaction ends (a second save of the language
     * waits, then finds the version moved); undefined when it was not `from`.
     */
    async claimNavigationVersion(lang: LangCode, from: number): Promise<{ version: number; updated_at: Date } | undefined> {
      const row = await db
        .updateTable('site_navigation_versions')
        .set({ version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
        .where('lang_code', '=', lang)
        .where('version', '=', from)
        .returning(['version', 'updated_at'])
        .executeTakeFirst();
      return row as { version: number; updated_at: Date } | undefined;
    },

    async updateNavigation(id: number, item: { parent_id: number | null; title: string; url: string; position: number }) {
      await db.updateTable('site_navigation').set(item).where('id', '=', id).execute();
    },

    /** Removes a language's items other than `keep` (their children go with them: on delete cascade). */
    async deleteNavigationExcept(lang: LangCode, keep: number[]) {
      let query = db.deleteFrom('site_navigation').where('lang_code', '=', lang);
      if (keep.length > 0) query = query.where('id', 'not in', keep);
      await query.execute();
    },

    /** The published entry of a site language at a stored path (see cmsPath). */
    findPublished(lang: LangCode, url: string): Promise<CmsEntryRow | undefined> {
      return db
        .selectFrom('cms_entries')
        .select(entryColumns)
        .where('lang_code', '=', lang)
        .where('url', '=', url)
        .where('status', '=', 'published')
        .executeTakeFirst();
    },

    /** The first published entry of a type in a language (gift-card, subscription). */
    findPublishedByType(lang: LangCode, type: CmsTemplate): Promise<CmsEntryRow | undefined> {
      return db
        .selectFrom('cms_entries')
        .select(entryColumns)
        .where('lang_code', '=', lang)
        .where('type', '=', type)
        .where('status', '=', 'published')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
    },

    /** The same page in the other languages (entries sharing the translation key). */
    async translations(key: string | null): Promise<{ lang_code: string; url: string }[]> {
      if (!key) return [];
      return db
        .selectFrom('cms_entries')
        .select(['lang_code', 'url'])
        .where('translation_key', '=', key)
        .where('status', '=', 'published')
        .execute();
    },

    /**
     * Moves a demo free-mp3 page off a file it should not give away, with the
     * words and title of its new one; a page whose file an editor has changed
     * (no longer `fromMp3`) is left alone. Answers whether it changed.
     */
    async replaceFreeMp3(page: CmsEntryInput & { mp3: string }, fromMp3: string): Promise<boolean> {
      const r = await db
        .updateTable('cms_entries')
        .set({
          mp3: page.mp3,
          free_story_title: page.free_story_title ?? '',
          intro: sanitizeCmsHtml(page.intro ?? ''),
          updated_at: sql<Date>`now()`,
        })
        .where('lang_code', '=', page.lang_code)
        .where('url', '=', page.url)
        .where('type', '=', 'free-mp3')
        .where('mp3', '=', fromMp3)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** The entry of a site language at a stored path, published or not (the path is taken either way). */
    findAt(lang: LangCode, url: string): Promise<CmsEntryRow | undefined> {
      return db
        .selectFrom('cms_entries')
        .select(entryColumns)
        .where('lang_code', '=', lang)
        .where('url', '=', url)
        .executeTakeFirst();
    },

    /**
     * Gives a demo page its new type and donation blocks while it is still
     * as the demo wrote it (`from`: its type and main content); a page an
     * editor has changed stays as is. Answers whether it changed.
     */
    async retypeDemoPage(
      page: Pick<CmsEntryInput, 'lang_code' | 'url' | 'type' | 'donations'>,
      from: { type: CmsTemplate; main_content: string },
    ): Promise<boolean> {
      const r = await db
        .updateTable('cms_entries')
        .set({ type: page.type, donations: JSON.stringify(page.donations ?? []), updated_at: sql<Date>`now()` })
        .where('lang_code', '=', page.lang_code)
        .where('url', '=', page.url)
        .where('type', '=', from.type)
        .where('main_content', '=', sanitizeCmsHtml(from.main_content))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** A demo page's main content rewritten, only while it is still as the demo wrote it (`from`). */
    async rewriteDemoContent(lang: LangCode, url: string, from: string, to: string): Promise<boolean> {
      const r = await db
        .updateTable('cms_entries')
        .set({ main_content: sanitizeCmsHtml(to), updated_at: sql<Date>`now()` })
        .where('lang_code', '=', lang)
        .where('url', '=', url)
        .where('main_content', '=', sanitizeCmsHtml(from))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async insertEntry(input: CmsEntryInput): Promise<number> {
      const values: Insertable<CmsEntries> = {
        ...input,
        status: input.status ?? 'published',
        scripts: JSON.stringify(input.scripts ?? []),
        stylesheets: JSON.stringify(input.stylesheets ?? []),
        home: JSON.stringify(input.home ?? {}),
        donations: JSON.stringify(input.donations ?? []),
      };
      for (const f of richTextFields) if (input[f] !== undefined) values[f] = sanitizeCmsHtml(input[f]);
      const row = await db.insertInto('cms_entries').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
  };
}
