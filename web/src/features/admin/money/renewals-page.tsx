import { AdminRenewalsQuery, adminPageRoutes, adminPath } from '@storyhouse/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { LoadError, Loading } from '../../../ui/query-status';
import { type ActionResult, ActionResultStatus } from '../shared/action-result';
import { AdminLayout } from '../shared/admin-layout';
import { listHref, pageParam } from '../shared/list-params';
import { type RenewalStatus, type RenewalsFilters, type RenewalType, useAdminRenewals } from './api/renewals';
import { type Renewal, RenewalCancel } from './renewal-cancel';
import { renewalAmount, renewalStatusLabel, renewalTypeLabel } from './renewal-words';
import '../../../ui/form/form.css';
import './giving.css';
import { ApplyFilters, ListResults } from '../shared/admin-part';

const types = AdminRenewalsQuery.shape.type.unwrap().options;
const statuses = AdminRenewalsQuery.shape.status.unwrap().options;

/** The list's filters as the address has them; a value the list would not take is left out. */
function readFilters(params: URLSearchParams): RenewalsFilters {
  const type = types.find((v) => v === params.get('type'));
  const status = statuses.find((v) => v === params.get('status'));
  return { type, status, page: pageParam(params) };
}

const renewalsHref = (path: string, f: Partial<RenewalsFilters>) =>
  listHref(path, { type: f.type, status: f.status, page: f.page });

/**
 * Issue 29 item 4, Plans and monthly gifts: every plan and monthly donation
 * that renews (or did), past due first, by kind and state, 50 a page, the
 * filters in the address. Each live one can be cancelled on the family's
 * behalf, by the family's own rules (renewal-cancel.tsx).
 */
export default function RenewalsPage() {
  const { t, lang } = useI18n();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = readFilters(params);
  const path = adminPath('adminRenewals', lang) ?? '';
  return (
    <AdminLayout title={t('admin.renewals.title')}>
      <RenewalsFilterForm current={filters} onApply={(f) => navigate(renewalsHref(path, { ...f, page: 1 }))} />
      <RenewalsList filters={filters} href={(page) => renewalsHref(path, { ...filters, page })} />
    </AdminLayout>
  );
}

type Draft = { type: RenewalType | undefined; status: RenewalStatus | undefined };

/** Kind and state; they apply when sent, like the orders' filters. */
function RenewalsFilterForm({ current, onApply }: { current: Draft; onApply: (f: Draft) => void }) {
  const { t } = useI18n();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(current);
  const { type, status } = current;
  // Back and forward change the filters in the address: the form follows.
  useEffect(() => setDraft({ type, status }), [type, status]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form className="admin-filters" aria-label={t('admin.renewals.filters')} onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-type`}>{t('admin.renewals.typeFilter')}</label>
        <select
          id={`${id}-type`}
          value={draft.type ?? ''}
          onChange={(e) => setDraft((d) => ({ ...d, type: types.find((v) => v === e.target.value) }))}
        >
          <option value="">{t('admin.renewals.allTypes')}</option>
          {types.map((value) => (
            <option key={value} value={value}>
              {renewalTypeLabel(t, value)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-status`}>{t('admin.renewals.statusFilter')}</label>
        <select
          id={`${id}-status`}
          value={draft.status ?? ''}
          onChange={(e) => setDraft((d) => ({ ...d, status: statuses.find((v) => v === e.target.value) }))}
        >
          <option value="">{t('admin.renewals.allStatuses')}</option>
          {statuses.map((value) => (
            <option key={value} value={value}>
              {renewalStatusLabel(t, value)}
            </option>
          ))}
        </select>
      </div>
      <ApplyFilters label={t('admin.list.apply')} />
    </form>
  );
}

/** A customer's page in the back office, when the route table has one (else the customer is plain text). */
const userHref = (id: number) =>
  'adminUser' in adminPageRoutes ? adminPageRoutes.adminUser.paths[0].replace(':id', String(id)) : undefined;

function RenewalsList({ filters, href }: { filters: RenewalsFilters; href: (page: number) => string }) {
  const i18n = useI18n();
  const { t, formatDate } = i18n;
  const { data, error, isPending, isPlaceholderData, refetch } = useAdminRenewals(filters);
  const [cancelling, setCancelling] = useState<Renewal>();
  const [result, setResult] = useState<ActionResult>();
  if (isPending) return <Loading shape="block" />;
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
  const filtered = filters.type !== undefined || filters.status !== undefined;
  return (
    <>
      <ActionResultStatus result={result} />
      <ListResults
        list={data}
        page={filters.page}
        href={href}
        busy={isPlaceholderData}
        countText={t('admin.renewals.count', { count: data.count })}
        emptyText={filtered ? t('admin.renewals.noMatch') : t('admin.renewals.none')}
        pagingLabel={t('admin.renewals.paging')}
      >
        <table className="admin-table admin-table--stacked">
          <caption className="visually-hidden">{t('admin.renewals.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.renewals.customer')}</th>
              <th scope="col">{t('admin.renewals.what')}</th>
              <th scope="col" className="admin-table__money">
                {t('admin.renewals.amount')}
              </th>
              <th scope="col">{t('admin.renewals.status')}</th>
              <th scope="col">{t('admin.renewals.next')}</th>
              <th scope="col">{t('admin.renewals.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((renewal) => {
              const user = userHref(renewal.customer.id);
              const who = renewal.customer.name || renewal.customer.email;
              return (
                <tr key={renewal.subscription_id}>
                  <td>
                    {user ? (
                      <Link to={user} className="admin-table__line">
                        {who}
                      </Link>
                    ) : (
                      <span className="admin-table__line">{who}</span>
                    )}
                    {renewal.customer.name ? <span className="admin-table__line">{renewal.customer.email}</span> : null}
                  </td>
                  <th scope="row">
                    <span className="admin-table__line">{renewal.title}</span>
                    <span className="admin-table__line admin-table__note">{renewalTypeLabel(t, renewal.type)}</span>
                  </th>
                  <td className="admin-table__money">{renewalAmount(i18n, renewal)}</td>
                  <td>
                    <span className={renewal.status === 'past_due' ? 'admin-badge admin-badge--alert' : undefined}>
                      {renewalStatusLabel(t, renewal.status)}
                    </span>
                  </td>
                  <td>
                    {renewal.cancel_at
                      ? t('admin.renewals.endsOn', { date: formatDate(renewal.cancel_at) })
                      : renewal.paused_until
                        ? t('admin.renewals.pausedUntil', { date: formatDate(renewal.paused_until) })
                        : renewal.status !== 'cancelled' && renewal.current_period_end
                          ? formatDate(renewal.current_period_end)
                          : null}
                  </td>
                  <td>
                    {renewal.status !== 'cancelled' && renewal.cancel_at === null ? (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        aria-label={t('admin.renewals.cancelFor', { title: renewal.title, who })}
                        onClick={() => {
                          setResult(undefined);
                          setCancelling(renewal);
                        }}
                      >
                        {t('admin.renewals.cancel')}
                      </button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ListResults>
      <RenewalCancel renewal={cancelling} onClose={() => setCancelling(undefined)} onResult={setResult} />
    </>
  );
}
