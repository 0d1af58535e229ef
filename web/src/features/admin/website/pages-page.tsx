import {
  adminPath,
  CmsTemplate,
  CreateCmsEntryBody,
  cmsSitePath,
  cmsTemplates,
  LangCode,
  langCodes,
} from '@storyhouse/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PagingLinks } from '../../../components/paging/paging-links';
import { useI18n } from '../../../lib/i18n';
import { SelectField, TextField } from '../../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../../ui/form/submit';
import { useForm } from '../../../ui/form/use-form';
import { useFormSubmit } from '../../../ui/form/use-form-submit';
import { Loading } from '../../../ui/query-status';
import { useErrorMessage } from '../../../ui/use-error-message';
import { AdminLayout } from '../shared/admin-layout';
import { AdminPart, ApplyFilters } from '../shared/admin-part';
import { listHref, pageParam } from '../shared/list-params';
import { useCmsPages, useCreateCmsPage } from './api/cms-pages';
import { langName, pageHref, pageState, pageStateLabel, templateLabel } from './page-words';
import '../../../ui/form/form.css';

const Status = z.enum(['draft', 'published', 'changed']);

/** The list's filters (AdminCmsEntriesQuery) as the page holds them. */
type PagesQuery = { page: number; type?: CmsTemplate; lang_code?: LangCode; status?: z.infer<typeof Status>; search: string };

/** The list's filters as the address holds them; a value the list does not know is left out. */
function queryOf(params: URLSearchParams): PagesQuery {
  const pick = <T,>(schema: z.ZodType<T>, name: string) => {
    const parsed = schema.safeParse(params.get(name));
    return parsed.success ? parsed.data : undefined;
  };
  return {
    page: pageParam(params),
    type: pick(CmsTemplate, 'type'),
    lang_code: pick(LangCode, 'lang_code'),
    status: pick(Status, 'status'),
    search: params.get('search') ?? '',
  };
}

/**
 * Issue 30 item 3, Pages: the CMS pages of the three sites, filtered by
 * type, language, status and a search of title and address (all in the
 * address, so a volunteer can bookmark "Spanish pages with unpublished
 * changes"), each leading to its editor; and a new page, created as a draft.
 */
export default function PagesPage() {
  const { t, lang } = useI18n();
  const errorMessage = useErrorMessage();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = queryOf(params);
  const path = adminPath('adminPages', lang) ?? '';
  const pages = useCmsPages(query);
  const href = (next: Partial<PagesQuery>) => listHref(path, { ...query, page: undefined, ...next });
  const data = pages.data;
  return (
    <AdminLayout title={t('admin.pages.title')}>
      <Filters query={query} onApply={(next) => navigate(href(next))} />
      {pages.isPending ? (
        <Loading shape="block" />
      ) : pages.isError || !data ? (
        <p role="alert">{errorMessage(pages.error, 'admin.loadFailed')}</p>
      ) : data.items.length === 0 ? (
        <p className="admin-empty card card--tinted" role="status">
          {t('admin.pages.none')}
        </p>
      ) : (
        <div className="admin-results" aria-busy={pages.isPlaceholderData}>
          <p role="status">{t('admin.pages.count', { count: data.count })}</p>
          <table className="admin-table admin-table--stacked">
            <thead>
              <tr>
                <th scope="col">{t('admin.pages.columnTitle')}</th>
                <th scope="col">{t('admin.pages.columnAddress')}</th>
                <th scope="col">{t('admin.pages.language')}</th>
                <th scope="col">{t('admin.pages.type')}</th>
                <th scope="col">{t('admin.pages.status')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((entry) => (
                <tr key={entry.id}>
                  <th scope="row">
                    <Link to={pageHref(entry.id)}>{entry.title || entry.url}</Link>
                  </th>
                  <td>{cmsSitePath(entry.url)}</td>
                  <td>{langName(t, entry.lang_code)}</td>
                  <td>{templateLabel(t, entry.type)}</td>
                  <td>{pageStateLabel(t, pageState(entry))}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <PagingLinks
            page={query.page}
            perPage={data.per_page}
            count={data.count}
            label={t('admin.pages.paging')}
            href={(p) => href({ page: p })}
          />
        </div>
      )}
      <NewPage />
    </AdminLayout>
  );
}

function Filters({ query, onApply }: { query: PagesQuery; onApply: (next: Partial<PagesQuery>) => void }) {
  const { t } = useI18n();
  const id = useId();
  const [draft, setDraft] = useState(query);
  // Back and forward change the filters in the address: the form follows (their values: the object is new each render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the values are the dependencies
  useEffect(() => setDraft(query), [query.type, query.lang_code, query.status, query.search]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, search: draft.search.trim() });
  };
  const select = (
    name: 'type' | 'lang_code' | 'status',
    label: string,
    all: string,
    options: { value: string; label: string }[],
  ) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <select
        id={`${id}-${name}`}
        value={draft[name] ?? ''}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value || undefined })}
      >
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <form className="admin-filters" aria-label={t('admin.pages.filters')} onSubmit={submit}>
      {select(
        'type',
        t('admin.pages.type'),
        t('admin.pages.allTypes'),
        cmsTemplates.map((type) => ({ value: type, label: templateLabel(t, type) })),
      )}
      {select(
        'lang_code',
        t('admin.pages.language'),
        t('admin.pages.allLanguages'),
        langCodes.map((code) => ({ value: code, label: langName(t, code) })),
      )}
      {select(
        'status',
        t('admin.pages.status'),
        t('admin.pages.allStatuses'),
        Status.options.map((s) => ({ value: s, label: t(`admin.pages.statusFilter.${s}`) })),
      )}
      <div className="field">
        <label htmlFor={`${id}-search`}>{t('admin.pages.search')}</label>
        <input
          id={`${id}-search`}
          type="search"
          value={draft.search}
          onChange={(e) => setDraft({ ...draft, search: e.target.value })}
        />
      </div>
      <ApplyFilters label={t('admin.pages.filterButton')} />
    </form>
  );
}

type NewValues = { lang_code: string; type: string; url: string; title: string };

/** A new page: its language, type, address and title; it opens in the editor as a draft nobody else sees. */
function NewPage() {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const create = useCreateCmsPage();
  const form = useForm<NewValues>(CreateCmsEntryBody, { lang_code: lang, type: 'basic-subpage', url: '', title: '' });
  const submit = useFormSubmit<CreateCmsEntryBody>(form, {
    busy: create.isPending,
    send: (body) =>
      create.mutate(body, {
        onSuccess: (entry) => navigate(pageHref(entry.id)),
        onError: (error) => {
          if (!submit.showServerErrors(error)) submit.setFailure(errorMessage(error));
        },
      }),
  });
  return (
    <AdminPart title={t('admin.pages.new')} className="admin-part--action">
      <form ref={submit.ref} onSubmit={submit.onSubmit} noValidate aria-label={t('admin.pages.new')}>
        <SelectField
          form={form}
          name="lang_code"
          label={t('admin.pages.language')}
          options={langCodes.map((code) => ({ value: code, label: langName(t, code) }))}
        />
        <SelectField
          form={form}
          name="type"
          label={t('admin.pages.type')}
          options={cmsTemplates.map((type) => ({ value: type, label: templateLabel(t, type) }))}
        />
        <TextField form={form} name="title" label={t('admin.pages.newTitle')} required maxLength={200} />
        <TextField
          form={form}
          name="url"
          label={t('admin.pages.newAddress')}
          hint={t('admin.pages.newAddressHint')}
          required
          maxLength={300}
        />
        <FormFailure message={submit.failure} />
        <SubmitButton busy={create.isPending}>
          {create.isPending ? t('admin.pages.creating') : t('admin.pages.create')}
        </SubmitButton>
      </form>
    </AdminPart>
  );
}
