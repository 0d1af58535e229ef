import {
  ADMIN_CMS_PER_PAGE,
  type AdminCmsEntriesResponse,
  type AdminCmsEntry,
  type CmsEntryFields,
  type CmsEntryStatus,
  type CmsTemplate,
  type ContentByUrlResponse,
  CmsEntryFields as FieldsSchema,
  homeFieldNames,
  isHomeRichField,
  type LangCode,
} from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { sanitizeCmsHtml } from '../../lib/rich-text';
import { auditTarget, recordAdminAction } from '../audit/audit';
import type { CmsService } from './cms.service';
import {
  type CmsEditorRepository,
  cmsEditorRepository,
  type EditorRow,
  isUniqueViolation,
  type PublishedValues,
} from './cms-editor.repository';

type Admin = { id: number; email: string };
type Create = { lang_code: LangCode; type: CmsTemplate; url: string; title: string; translation_of?: number };

const stringList = (raw: unknown) => (Array.isArray(raw) ? raw.filter((s): s is string => typeof s === 'string') : []);
const str = (raw: unknown) => (typeof raw === 'string' ? raw : raw === undefined || raw === null ? '' : String(raw));

/** The published fields of an entry, as its editor works on them. */
function publishedFields(row: EditorRow): CmsEntryFields {
  const home: CmsEntryFields['home'] = {};
  const rawHome = (row.home ?? {}) as Record<string, unknown>;
  for (const name of homeFieldNames) if (typeof rawHome[name] === 'string' && rawHome[name] !== '') home[name] = rawHome[name];
  const donations = Array.isArray(row.donations) ? (row.donations as Record<string, unknown>[]) : [];
  return {
    url: row.url,
    type: row.type as CmsTemplate,
    title: row.title,
    description: row.description,
    intro: row.intro,
    main_content: row.main_content,
    main_image: row.main_image,
    main_image_alt: row.main_image_alt,
    sidebar_content: row.sidebar_content,
    sidebar_image: row.sidebar_image,
    sidebar_image_alt: row.sidebar_image_alt,
    response: row.response,
    add_newsletter: row.add_newsletter,
    product_type: row.product_type ?? '',
    scripts: stringList(row.scripts),
    stylesheets: stringList(row.stylesheets),
    mp3: row.mp3,
    free_story_title: row.free_story_title,
    home,
    donations: donations.map((d) => ({
      code: str(d.code),
      monthly_code: str(d.monthly_code),
      title: str(d.title),
      monthly_title: str(d.monthly_title),
      description: str(d.description),
      amounts: str(d.amounts),
    })),
  };
}

/** The fields the editor works on: the draft, or the published fields when there is none (or it no longer reads). */
function workingFields(row: EditorRow): CmsEntryFields {
  if (row.draft === null) return publishedFields(row);
  const draft = FieldsSchema.safeParse(row.draft);
  return draft.success ? draft.data : publishedFields(row);
}

/** The columns a publish writes, from the fields. */
function columnsOf(fields: CmsEntryFields): PublishedValues {
  return {
    ...fields,
    product_type: fields.product_type || null,
    scripts: JSON.stringify(fields.scripts),
    stylesheets: JSON.stringify(fields.stylesheets),
    home: JSON.stringify(fields.home),
    donations: JSON.stringify(fields.donations),
  };
}

/**
 * Differences the sanitizer makes to any well-formed HTML it keeps (its own
 * target/rel on external links, lazy images, `<br />`): not a removal worth telling the editor about.
 */
const normal = (html: string) =>
  html
    .replace(/ (target|rel|loading)="[^"]*"/g, '')
    .replace(/<(br|hr)\s*\/?>/g, '<$1>')
    .trim();

/**
 * Every rich-text field through the storefront's sanitizer (lib/rich-text.ts), and
 * the names of those it changed beyond form: scripts, event attributes,
 * javascript: links and the like are removed before anything is kept.
 */
function cleaned(fields: CmsEntryFields): { fields: CmsEntryFields; cleaned: string[] } {
  const changed: string[] = [];
  const clean = (name: string, html: string) => {
    const safe = sanitizeCmsHtml(html);
    if (normal(safe) !== normal(html)) changed.push(name);
    return safe;
  };
  const home: CmsEntryFields['home'] = {};
  for (const [name, value] of Object.entries(fields.home) as [keyof CmsEntryFields['home'], string | undefined][]) {
    if (value === undefined || value === '') continue;
    home[name] = isHomeRichField(name) ? clean(`home.${name}`, value) : value;
  }
  return {
    fields: {
      ...fields,
      intro: clean('intro', fields.intro),
      main_content: clean('main_content', fields.main_content),
      sidebar_content: clean('sidebar_content', fields.sidebar_content),
      response: clean('response', fields.response),
      home,
      donations: fields.donations.map((d, i) => ({ ...d, description: clean(`donations.${i}.description`, d.description) })),
    },
    cleaned: changed,
  };
}

/** How the audit log names a page: its path and language ("page /about (en)"). */
const pageTarget = (row: { url: string; lang_code: string }) => auditTarget('page', `${row.url} (${row.lang_code})`);

const changedError = () => new AppError('conflict', 'cms_entry_changed');
/** The path is another page's: said next to the address field (`url` of a new page, `fields.url` of a save). */
const urlTakenError = (field = 'fields.url') =>
  new AppError('conflict', 'cms_url_taken', {}, { [field]: { key: 'admin.pages.urlTaken' } });

/**
 * Issue 30 item 3: the back office's CMS editor. Saves keep a draft (the
 * site goes on showing the published page); a publish makes the draft the
 * page and forgets this instance's cached pages (the others follow within
 * CMS_CACHE_MS). Both name the version they read: a stale one is refused
 * with 409, never written over. Every change is audited in its transaction.
 */
export function cmsEditorService(db: Db, cms: CmsService) {
  const repo = cmsEditorRepository(db);

  async function load(id: number): Promise<EditorRow> {
    const row = await repo.findById(id);
    if (!row) throw new AppError('not_found', 'cms_entry_not_found');
    return row;
  }

  async function view(row: EditorRow, cleanedFields: string[] = []): Promise<AdminCmsEntry> {
    const translations = row.translation_key ? await repo.translations(row.translation_key) : [];
    return {
      id: row.id,
      lang_code: row.lang_code as LangCode,
      translation_key: row.translation_key,
      status: row.status as CmsEntryStatus,
      has_draft: row.draft !== null,
      updated_at: new Date(row.updated_at as unknown as string).toISOString(),
      fields: workingFields(row),
      published: row.status === 'published' ? publishedFields(row) : null,
      translations: translations
        .filter((t) => t.id !== row.id)
        .map((t) => ({ ...t, lang_code: t.lang_code as LangCode, status: t.status as CmsEntryStatus })),
      cleaned: cleanedFields,
    };
  }

  /** Runs a write, telling a path another page took (the unique index, when two saves race) as such. */
  async function writing<T>(write: (trx: CmsEditorRepository, trxDb: Db) => Promise<T>, urlField = 'fields.url'): Promise<T> {
    try {
      return await db.transaction().execute((trx) => write(cmsEditorRepository(trx), trx));
    } catch (err) {
      if (isUniqueViolation(err)) throw urlTakenError(urlField);
      throw err;
    }
  }

  return {
    async list(query: {
      page: number;
      type?: CmsTemplate;
      lang_code?: LangCode;
      status?: string;
      search: string;
    }): Promise<AdminCmsEntriesResponse> {
      const { items, count } = await repo.list(query);
      return {
        items: items.map((r) => ({
          ...r,
          lang_code: r.lang_code as LangCode,
          type: r.type as CmsTemplate,
          status: r.status as CmsEntryStatus,
          updated_at: new Date(r.updated_at as unknown as string).toISOString(),
        })),
        page: query.page,
        per_page: ADMIN_CMS_PER_PAGE,
        count,
      };
    },

    async get(id: number): Promise<AdminCmsEntry> {
      return view(await load(id));
    },

    /** A new page as a draft; with `translation_of`, that page's version in another language, linked by their key. */
    async create(request: FastifyRequest, admin: Admin, body: Create): Promise<AdminCmsEntry> {
      const source = body.translation_of === undefined ? null : await load(body.translation_of);
      const key = source ? (source.translation_key ?? `page-${source.id}`) : `page-${crypto.randomUUID()}`;
      if (source) {
        const versions = source.translation_key ? await repo.translations(source.translation_key) : [source];
        if (versions.some((t) => t.lang_code === body.lang_code)) throw new AppError('conflict', 'cms_translation_exists');
      }
      if (await repo.urlTaken(body.lang_code, body.url, null)) throw urlTakenError('url');
      // A translation starts from its page's fields (images, donation codes, links), to be put into its language.
      const fields: CmsEntryFields = source
        ? { ...workingFields(source), url: body.url, title: body.title, type: body.type }
        : FieldsSchema.parse({ url: body.url, title: body.title, type: body.type });
      const id = await writing(async (trx, trxDb) => {
        if (source) await trx.setTranslationKey(source.id, key);
        const { lang_code, type, url, title } = body;
        const created = await trx.create({ lang_code, type, url, title, translation_key: key, draft: fields });
        await recordAdminAction(trxDb, request, admin, 'cms.create', pageTarget(body), {
          title: body.title,
          translation_of: source ? pageTarget(source) : null,
        });
        return created;
      }, 'url');
      return this.get(id);
    },

    /** Keeps the fields as the page's draft, sanitized; refused when the page changed since `readAt`. */
    async save(request: FastifyRequest, admin: Admin, id: number, readAt: string, input: CmsEntryFields): Promise<AdminCmsEntry> {
      const row = await load(id);
      const { fields, cleaned: changed } = cleaned(input);
      if (await repo.urlTaken(row.lang_code, fields.url, id)) throw urlTakenError();
      await writing(async (trx, trxDb) => {
        if (!(await trx.saveDraft(id, readAt, fields))) throw changedError();
        await recordAdminAction(trxDb, request, admin, 'cms.save', pageTarget(row), {
          title: fields.title,
          cleaned: changed.join(', ') || null,
        });
      });
      return view(await load(id), changed);
    },

    /** Makes the draft the page the site shows; refused when the page changed since `readAt`. */
    async publish(request: FastifyRequest, admin: Admin, id: number, readAt: string): Promise<AdminCmsEntry> {
      const row = await load(id);
      if (row.status === 'published' && row.draft === null) throw new AppError('conflict', 'cms_nothing_to_publish');
      const fields = workingFields(row);
      await writing(async (trx, trxDb) => {
        if (!(await trx.publish(id, readAt, columnsOf(fields)))) throw changedError();
        await recordAdminAction(
          trxDb,
          request,
          admin,
          'cms.publish',
          pageTarget(fields.url === row.url ? row : { ...row, url: fields.url }),
          {
            title: fields.title,
          },
        );
      });
      cms.forget();
      return this.get(id);
    },

    /** The draft as the site will show it (navigation, alternates and all), for its admin's preview. */
    async preview(id: number): Promise<ContentByUrlResponse> {
      const row = await load(id);
      const fields = workingFields(row);
      return cms.preview({
        ...row,
        ...fields,
        product_type: fields.product_type || null,
        // The entry's path stays its own until published: its navigation and alternates are the live page's.
        url: row.url,
      });
    },
  };
}

export type CmsEditorService = ReturnType<typeof cmsEditorService>;
