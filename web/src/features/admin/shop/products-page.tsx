import { AdminProductStatus, adminPath, type LangCode, langCodes } from '@storyhouse/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PagingLinks } from '../../../components/paging/paging-links';
import { useI18n } from '../../../lib/i18n';
import { LoadError, Loading } from '../../../ui/query-status';
import { AdminLayout } from '../shared/admin-layout';
import { ApplyFilters } from '../shared/admin-part';
import { listHref, pageParam } from '../shared/list-params';
import { type ProductsFilters, useAdminProducts } from './api/catalogue';
import { productHref, productStatusLabel } from './catalogue-words';
import '../../../ui/form/form.css';
import './catalogue.css';

const statuses = AdminProductStatus.options;

/** The list's filters as the address has them; a value the list would not take is its default. */
function readFilters(params: URLSearchParams): ProductsFilters {
  const lang = params.get('lang_code');
  return {
    search: params.get('search') ?? '',
    lang_code: langCodes.find((l) => l === lang) ?? 'all',
    status: statuses.find((s) => s === params.get('status')) ?? 'all',
    page: pageParam(params),
  };
}

const productsHref = (path: string, f: Partial<ProductsFilters>) =>
  listHref(
    path,
    { search: f.search, lang_code: f.lang_code, status: f.status, page: f.page },
    { lang_code: 'all', status: 'all' },
  );

/**
 * Issue 30 item 1, Products: the catalogue newest first, 25 a page, found by
 * title or slug, language, and available or withdrawn, the filters in the
 * address; each title opens its editor. "New product" adds one.
 */
export default function ProductsPage() {
  const { t, lang } = useI18n();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = readFilters(params);
  const path = adminPath('adminProducts', lang) ?? '';
  return (
    <AdminLayout title={t('admin.catalogue.products')}>
      <p>
        <Link className="button" to={adminPath('adminProductNew', lang) ?? ''}>
          {t('admin.catalogue.newProduct')}
        </Link>
      </p>
      <ProductsFilterForm current={filters} onApply={(f) => navigate(productsHref(path, { ...f, page: 1 }))} />
      <ProductsList filters={filters} href={(page) => productsHref(path, { ...filters, page })} />
    </AdminLayout>
  );
}

type Draft = Omit<ProductsFilters, 'page'>;

/** Search, language and state; they apply when sent, like the orders' filters. */
function ProductsFilterForm({ current, onApply }: { current: Draft; onApply: (f: Draft) => void }) {
  const { t } = useI18n();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(current);
  const { search, lang_code, status } = current;
  // Back and forward change the filters in the address: the form follows.
  useEffect(() => setDraft({ search, lang_code, status }), [search, lang_code, status]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, search: draft.search.trim() });
  };
  return (
    <form className="admin-filters" aria-label={t('admin.catalogue.filters')} onSubmit={submit}>
      <div className="field admin-filters__search">
        <label htmlFor={`${id}-search`}>{t('admin.catalogue.search')}</label>
        <input
          id={`${id}-search`}
          type="search"
          value={draft.search}
          maxLength={100}
          onChange={(e) => setDraft((d) => ({ ...d, search: e.target.value }))}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-lang`}>{t('admin.catalogue.language')}</label>
        <select
          id={`${id}-lang`}
          value={draft.lang_code}
          onChange={(e) => setDraft((d) => ({ ...d, lang_code: langCodes.find((l) => l === e.target.value) ?? 'all' }))}
        >
          <option value="all">{t('admin.catalogue.allLanguages')}</option>
          {langCodes.map((code) => (
            <option key={code} value={code}>
              {t(`lang.${code}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-status`}>{t('admin.catalogue.statusFilter')}</label>
        <select
          id={`${id}-status`}
          value={draft.status}
          onChange={(e) => setDraft((d) => ({ ...d, status: statuses.find((s) => s === e.target.value) ?? 'all' }))}
        >
          {statuses.map((value) => (
            <option key={value} value={value}>
              {productStatusLabel(t, value)}
            </option>
          ))}
        </select>
      </div>
      <ApplyFilters label={t('admin.list.apply')} />
    </form>
  );
}

function ProductsList({ filters, href }: { filters: ProductsFilters; href: (page: number) => string }) {
  const { t, formatDate } = useI18n();
  const { data, error, isPending, isPlaceholderData, refetch } = useAdminProducts(filters);
  if (isPending) return <Loading shape="block" />;
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
  if (data.count === 0) return <p className="admin-empty">{t('admin.catalogue.none')}</p>;
  return (
    <div aria-busy={isPlaceholderData}>
      <p className="admin-results__count">{t('admin.catalogue.count', { count: data.count })}</p>
      <table className="admin-table admin-table--stacked">
        <thead>
          <tr>
            <th scope="col">{t('admin.catalogue.title')}</th>
            <th scope="col">{t('admin.catalogue.language')}</th>
            <th scope="col">{t('admin.catalogue.releaseDate')}</th>
            <th scope="col">{t('admin.catalogue.tracks')}</th>
            <th scope="col">{t('admin.catalogue.state')}</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((p) => (
            <tr key={p.id}>
              <th scope="row">
                <Link to={productHref(p.id)} lang={p.lang_code}>
                  {p.title}
                </Link>
                <span className="admin-catalogue__slug">{p.slug}</span>
              </th>
              <td>{t(`lang.${p.lang_code as LangCode}`)}</td>
              <td>{p.release_date ? formatDate(`${p.release_date}T12:00:00Z`) : ''}</td>
              <td>{t('catalogue.trackCount', { count: p.tracks })}</td>
              <td>{p.is_available ? t('admin.catalogue.available') : t('admin.catalogue.withdrawn')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <PagingLinks
        page={filters.page}
        perPage={data.per_page}
        count={data.count}
        label={t('admin.catalogue.paging')}
        href={href}
      />
    </div>
  );
}
