import { ADMIN_CMS_PER_PAGE, type CmsTemplate, type LangCode } from '@storyhouse/contracts';
import { type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { CmsEntries } from '../../db/schema';
import { type CmsEntryRow, entryColumns } from './cms.repository';

/** An entry as its editor reads it: the published fields and the draft beside them. */
export type EditorRow = CmsEntryRow & Pick<Selectable<CmsEntries>, 'draft'>;

/** The published columns an editor's publish writes (everything but the entry's identity). */
export type PublishedValues = Omit<
  Updateable<CmsEntries>,
  'id' | 'lang_code' | 'translation_key' | 'created_at' | 'search_vector'
>;

/** PostgreSQL's unique_violation: cms_entries_url_key said no (another page of the language took the path). */
export const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

/**
 * The entry's version as a client read it (an ISO time, milliseconds): the
 * stored time has microseconds, so it is compared at the precision sent.
 */
const isVersion = (readAt: string) => sql<boolean>`date_trunc('milliseconds', updated_at) = ${readAt}::timestamptz`;
/** A new version, always later than the last (two saves within a millisecond still differ). */
const nextVersion = sql<Date>`greatest(date_trunc('milliseconds', now()), date_trunc('milliseconds', updated_at) + interval '1 millisecond')`;

/**
 * The back office's reads and writes of CMS entries (issue 30 item 3), beside
 * the storefront's reads in cms.repository.ts: the same table, the same module.
 */
export function cmsEditorRepository(db: Db) {
  return {
    findById(id: number): Promise<EditorRow | undefined> {
      return db
        .selectFrom('cms_entries')
        .select([...entryColumns, 'draft'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The entries sharing a translation key (the page in every language), by language. */
    translations(key: string) {
      return db
        .selectFrom('cms_entries')
        .select(['id', 'lang_code', 'url', 'title', 'status', sql<boolean>`draft is not null`.as('has_draft')])
        .where('translation_key', '=', key)
        .orderBy('lang_code')
        .execute();
    },

    /** Whether another entry of the language is at the path (published or not: the path is taken either way). */
    async urlTaken(lang: string, url: string, exceptId: number | null): Promise<boolean> {
      let q = db.selectFrom('cms_entries').select('id').where('lang_code', '=', lang).where('url', '=', url);
      if (exceptId !== null) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    async list(query: { page: number; type?: CmsTemplate; lang_code?: LangCode; status?: string; search: string }) {
      let q = db.selectFrom('cms_entries');
      if (query.type) q = q.where('type', '=', query.type);
      if (query.lang_code) q = q.where('lang_code', '=', query.lang_code);
      if (query.status === 'draft') q = q.where('status', '=', 'draft');
      if (query.status === 'published') q = q.where('status', '=', 'published');
      if (query.status === 'changed') q = q.where('status', '=', 'published').where('draft', 'is not', null);
      if (query.search) {
        const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        q = q.where((eb) => eb.or([eb('title', 'ilike', like), eb('url', 'ilike', like)]));
      }
      const [items, count] = await Promise.all([
        q
          .select([
            'id',
            'lang_code',
            'type',
            'url',
            'title',
            'status',
            'translation_key',
            'updated_at',
            sql<boolean>`draft is not null`.as('has_draft'),
          ])
          .orderBy('url')
          .orderBy('lang_code')
          .limit(ADMIN_CMS_PER_PAGE)
          .offset((query.page - 1) * ADMIN_CMS_PER_PAGE)
          .execute(),
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items, count: Number(count.n) };
    },

    /** A new page, never published: the site shows nothing of it until it is. */
    async create(values: {
      lang_code: LangCode;
      type: CmsTemplate;
      url: string;
      title: string;
      translation_key: string;
      draft: object;
    }): Promise<number> {
      const row = await db
        .insertInto('cms_entries')
        .values({
          ...values,
          status: 'draft',
          draft: JSON.stringify(values.draft),
          updated_at: sql<Date>`date_trunc('milliseconds', now())`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async setTranslationKey(id: number, key: string) {
      await db
        .updateTable('cms_entries')
        .set({ translation_key: key })
        .where('id', '=', id)
        .where('translation_key', 'is', null)
        .execute();
    },

    /** Keeps the draft, if the entry is still at the version read; answers the new version, or undefined when it changed. */
    async saveDraft(id: number, readAt: string, draft: object): Promise<Date | undefined> {
      const row = await db
        .updateTable('cms_entries')
        .set({ draft: JSON.stringify(draft), updated_at: nextVersion })
        .where('id', '=', id)
        .where(isVersion(readAt))
        .returning('updated_at')
        .executeTakeFirst();
      return row?.updated_at as Date | undefined;
    },

    /** Makes the draft's fields the published page, if the entry is still at the version read; false when it changed. */
    async publish(id: number, readAt: string, values: PublishedValues): Promise<boolean> {
      const r = await db
        .updateTable('cms_entries')
        .set({ ...values, status: 'published', draft: null, updated_at: nextVersion })
        .where('id', '=', id)
        .where(isVersion(readAt))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
  };
}

export type CmsEditorRepository = ReturnType<typeof cmsEditorRepository>;
